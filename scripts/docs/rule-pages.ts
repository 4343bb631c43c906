// Renders docs/rules/<id>.md (the rule's meta, its hand-written part and what its examples really report) and the rule index.
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { RuleMeta } from "../../src/rules/index.js";
import { describeType } from "./config.js";
import { generatedNotice, ROOT, withMarkers } from "./markdown.js";
import { readRuleSource, runExample, suppressionFor, type Example, type ExampleFinding } from "./rule-examples.js";

const code = (value: unknown) => `\`${(typeof value === "string" ? value : JSON.stringify(value)).replace(/\|/g, "\\|")}\``;

/** The commands that report a rule, by its set. */
const REPORTED_BY: Readonly<Record<RuleMeta["set"], string>> = {
  document: "`pathway validate`, `pathway lint` and the editor (`pathway lsp`), for every file they read",
  validate: "`pathway validate`, `pathway lint`, `pathway build` (a module's pathway) and the editor (`pathway lsp`)",
  lint: "`pathway lint` and the editor (`pathway lsp`)",
  request: "`pathway check-request`, `pathway lint` (the request files of the config's `requests`) and the editor (`pathway lsp`)",
};

/** Which commands report a rule, for the index. */
const RUN_BY: Readonly<Record<RuleMeta["set"], string>> = { document: "validate, lint", validate: "validate, lint", lint: "lint", request: "check-request" };

/** Where a rule is declared in the source. */
export function ruleSourcePath(meta: RuleMeta): string {
  if (meta.set === "document") return "src/validate/registry.ts";
  if (meta.set === "lint") return `src/lint/rules/${meta.id}.ts`;
  if (meta.set === "validate") return `src/validate/rules/${meta.id}.ts`;
  return meta.messages && Object.keys(meta.messages).length > 0 ? `src/requests/rules/${meta.id}.ts` : "src/requests/registry.ts";
}

function fixes(meta: RuleMeta): string {
  const parts = [
    meta.fixable &&
      "`pathway lint --fix` applies its fix, which cannot change what a call does; the editor offers it as a quick fix and with `source.fixAll.pathway`",
    meta.hasSuggestions && "it offers suggestions, changes a person should choose: the editor shows them as quick fixes, and `--fix` never applies them",
  ].filter(Boolean);
  return parts.length === 0 ? "none" : parts.join("; ");
}

function severity(meta: RuleMeta): string {
  return meta.defaultSeverity === "info" ? "info (a note: it never fails a run or counts as a warning)" : meta.defaultSeverity;
}

/** The file names and texts of an example, then the command that checks it. */
function exampleFiles(example: Example): string[] {
  const lines: string[] = [];
  for (const file of example.files) {
    if (example.files.length > 1 || file.named) lines.push(`${code(file.name)}:`, "");
    lines.push(`\`\`\`${file.lang}`, file.text.replace(/\n$/, ""), "```", "");
    if (file.rawBytes) lines.push("(`<0xHH>` stands for the byte with that hexadecimal value.)", "");
  }
  return lines;
}

function findingLine(f: ExampleFinding): string {
  const place = f.line == null ? f.filePath : `${f.filePath}:${f.line}:${f.column}`;
  return `${place}  ${f.severity}  ${f.message}`;
}

/** How to turn a rule off or accept one of its findings (`suppression`, the one that accepts the example's), by set. */
function turningOff(meta: RuleMeta, suppression: object): string[] {
  const id = meta.id;
  const lines = [
    "In `pathway.config.json` (see [Configuration](../configuration.md)), set its severity for every file or, in `overrides`, for some:",
    "",
    "```json",
    `{ "rules": { "${id}": "off" } }`,
    "```",
    "",
    `For one run: \`--rule ${id}:off\` (or \`:warn\`, \`:error\`), which wins over the config.`,
  ];
  if (meta.set === "validate" || meta.set === "lint") {
    lines.push(
      "",
      "To accept one finding and keep the rule, add a suppression with the reason: `file` a glob, `nodeId` the node, or the",
      "id or source node of an edge. This one accepts the finding above:",
      "",
      "```json",
      `{ "suppressions": [{ ${Object.entries(suppression)
        .map(([key, value]) => `"${key}": ${JSON.stringify(value)}`)
        .join(", ")} }] }`,
      "```",
    );
  }
  if (meta.set === "validate" || meta.set === "document") lines.push("", "`pathway validate` reads no config: there, only `--rule` changes the severity.");
  if (meta.set === "document") lines.push("", "Its findings are about the whole file, so `suppressions` do not apply to them.");
  return lines;
}

function optionsSection(meta: RuleMeta): string[] {
  if (!(meta.options instanceof z.ZodType)) return ["This rule has no options."];
  const schema = z.toJSONSchema(meta.options, { io: "input" }) as { properties?: Record<string, Parameters<typeof describeType>[0]> };
  const defaults = meta.options.parse({}) as Record<string, unknown>;
  const rows = Object.entries(schema.properties ?? {}).map(
    ([name, option]) => `| ${code(name)} | ${describeType(option)} | ${name in defaults ? code(defaults[name]) : ""} |`,
  );
  const example = Object.entries(defaults)
    .map(([key, value]) => `"${key}": ${JSON.stringify(value)}`)
    .join(", ");
  return [
    "| option | type | default |",
    "|---|---|---|",
    ...rows,
    "",
    "With every option at its default:",
    "",
    "```json",
    `{ "rules": { "${meta.id}": ["warn", { ${example} }] } }`,
    "```",
  ];
}

/** The text of docs/rules/<id>.md. */
export async function renderRulePage(meta: RuleMeta): Promise<string> {
  const source = readRuleSource(meta);
  const incorrect = await runExample(source.incorrect);
  const reported = incorrect.findings.filter((f) => f.ruleId === meta.id);
  if (reported.length === 0)
    throw new Error(
      `docs/rules/src/${meta.id}.md: the incorrect example is not reported by ${meta.id} (${incorrect.findings.map((f) => f.ruleId).join(", ") || "no findings"})`,
    );
  const correct = await runExample(source.correct);
  if (correct.findings.some((f) => f.ruleId === meta.id)) throw new Error(`docs/rules/src/${meta.id}.md: the correct example is reported by ${meta.id}`);
  const kinds = (meta as RuleMeta & { kinds?: readonly string[] }).kinds;
  const lines = [
    generatedNotice(`the rule's meta (${ruleSourcePath(meta)}) and docs/rules/src/${meta.id}.md`),
    `# ${meta.id}`,
    "",
    meta.description,
    "",
    `- **Reported by:** ${REPORTED_BY[meta.set]}`,
    ...(kinds ? [`- **Request bodies:** ${kinds.join(", ")}`] : []),
    `- **Default severity:** ${severity(meta)}`,
    `- **Fix:** ${fixes(meta)}`,
    "",
    source.intro,
    "",
    "## Incorrect",
    "",
    ...exampleFiles(source.incorrect),
    `\`pathway ${source.incorrect.command.join(" ")}\` reports:`,
    "",
    "```text",
    ...reported.map(findingLine),
    "```",
    "",
    "## Correct",
    "",
    ...exampleFiles(source.correct),
    correct.findings.length === 0
      ? `\`pathway ${source.correct.command.join(" ")}\` reports no problems.`
      : `\`pathway ${source.correct.command.join(" ")}\` reports nothing for this rule.`,
    "",
    "## Options",
    "",
    ...optionsSection(meta),
    "",
    "## Turning it off",
    "",
    ...(source.turningOff !== undefined ? [source.turningOff] : turningOff(meta, suppressionFor(meta.id, source.incorrect, reported[0]!))),
    "",
    ...(source.extra ? [source.extra, ""] : []),
    "---",
    "",
    `[All rules](README.md) · [Source](../../${ruleSourcePath(meta)})`,
    "",
  ];
  return lines.join("\n");
}

function indexRow(meta: RuleMeta): string {
  const fix = [meta.fixable ? "--fix" : "", meta.hasSuggestions ? "suggestions" : ""].filter(Boolean).join(", ");
  return `| [${code(meta.id)}](${meta.id}.md) | ${meta.defaultSeverity} | ${RUN_BY[meta.set]} | ${meta.description.replace(/\|/g, "\\|")} | ${fix} |`;
}

/** The rule tables of docs/rules/README.md: pathway rules, then request rules. */
export function renderRuleTables(rules: readonly RuleMeta[]): { pathway: string; request: string } {
  const header = ["| rule | default | run by | what it checks | fix |", "|---|---|---|---|---|"];
  const sorted = [...rules].sort((a, b) => (a.id < b.id ? -1 : 1));
  return {
    pathway: [...header, ...sorted.filter((m) => m.set !== "request").map(indexRow)].join("\n"),
    request: [...header, ...sorted.filter((m) => m.set === "request").map(indexRow)].join("\n"),
  };
}

/** The text of docs/rules/README.md: its hand-written part (docs/rules/src/_index.md) with the generated tables. */
export function renderRuleIndex(rules: readonly RuleMeta[]): string {
  const file = path.join(ROOT, "docs/rules/src/_index.md");
  const tables = renderRuleTables(rules);
  const text = withMarkers(withMarkers(readFileSync(file, "utf8"), "pathway-rules", tables.pathway, file), "request-rules", tables.request, file);
  return generatedNotice("the rules' meta and docs/rules/src/_index.md") + text;
}
