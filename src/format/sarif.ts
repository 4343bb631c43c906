// SARIF 2.1.0 for code scanning: one run, the rule table from rule metadata, a physical location per finding.
import { toJsonText } from "../escape/json.js";
import type { Formatter } from "./result.js";
import { pathToFileURL } from "node:url";

const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

function artifactUri(filePath: string, cwd: string | undefined): { uri: string; uriBaseId?: string } {
  const slashed = filePath.replace(/\\/g, "/");
  if (cwd && !slashed.startsWith("/")) return { uri: encodeURI(slashed), uriBaseId: "%SRCROOT%" };
  if (slashed.startsWith("/")) return { uri: pathToFileURL(slashed).href };
  return { uri: encodeURI(slashed) };
}

/** `--format sarif`: a SARIF 2.1.0 log for code scanning, with the rule table from `options.rules`. */
export const formatSarif: Formatter = (results, options = {}) => {
  const ruleIds = new Set<string>();
  for (const r of results) for (const d of r.diagnostics) ruleIds.add(d.ruleId);
  const metas = options.rules ?? [];
  const known = new Set(metas.map((m) => m.id));
  const rules = [
    ...metas.map((m) => ({
      id: m.id,
      name: m.id,
      shortDescription: { text: m.description },
      helpUri: m.docs,
      defaultConfiguration: { level: m.defaultSeverity === "error" ? "error" : m.defaultSeverity === "info" ? "note" : "warning" },
    })),
    ...[...ruleIds]
      .filter((id) => !known.has(id))
      .sort()
      .map((id) => ({ id, name: id, shortDescription: { text: id } })),
  ];
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const sarifResults = results.flatMap((r) =>
    r.diagnostics.map((d) => ({
      ruleId: d.ruleId,
      ruleIndex: index.get(d.ruleId)!,
      level: d.severity === "error" ? "error" : d.severity === "info" ? "note" : "warning",
      message: { text: d.message },
      locations: [
        {
          physicalLocation: {
            artifactLocation: artifactUri(r.filePath, options.cwd),
            ...(d.range && {
              region: { startLine: d.range.start.line, startColumn: d.range.start.column, endLine: d.range.end.line, endColumn: d.range.end.column },
            }),
          },
          ...(d.pointer && { logicalLocations: [{ fullyQualifiedName: d.pointer, kind: "member" }] }),
        },
      ],
    })),
  );
  const log = {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "pathwaykit", informationUri: "https://www.npmjs.com/package/pathwaykit", version: options.version ?? "0.0.0", rules } },
        ...(options.cwd && { originalUriBaseIds: { "%SRCROOT%": { uri: pathToFileURL(options.cwd.endsWith("/") ? options.cwd : `${options.cwd}/`).href } } }),
        columnKind: "utf16CodeUnits",
        results: sarifResults,
      },
    ],
  };
  return toJsonText(log);
};
