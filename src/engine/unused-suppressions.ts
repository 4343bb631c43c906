// Suppressions that hid nothing in a lint run are stale config (the finding was fixed, or the node id is wrong): reported where they stand in the config.
import type { Diagnostic, FileResult } from "../diagnostics/index.js";
import type { SuppressedFinding, Suppression } from "../lint/index.js";
import { parseDocument } from "../parse/index.js";
import { locateDiagnostics } from "../validate/index.js";
import type { Host } from "./host.js";
import { displayPath } from "./inputs.js";

/** Records, file by file, which suppressions applied and which hid a finding; then reports the ones that never did. */
export function createSuppressionTracker(): {
  applied(suppressions: readonly Suppression[], all: readonly Suppression[], configFile: string | undefined): void;
  used(found: readonly SuppressedFinding[]): void;
  results(host: Host): Promise<FileResult[]>;
} {
  // Per config file, its whole list (a finding points at the suppression's index in it) and those that applied.
  const configs = new Map<string, { all: readonly Suppression[]; applied: Set<Suppression> }>();
  const used = new Set<Suppression>();
  return {
    applied(suppressions, all, configFile) {
      if (configFile === undefined || suppressions.length === 0) return;
      const entry = configs.get(configFile) ?? configs.set(configFile, { all, applied: new Set() }).get(configFile)!;
      for (const s of suppressions) entry.applied.add(s);
    },
    used(found) {
      for (const f of found) used.add(f.suppression);
    },
    async results(host) {
      const results: FileResult[] = [];
      for (const [file, { all, applied }] of configs) {
        // Only suppressions whose `file` matched a linted file: linting one file says nothing of the others'.
        const stale = all.flatMap((s, index) => (applied.has(s) && !used.has(s) ? [unusedSuppression(s, index)] : []));
        if (stale.length === 0) continue;
        const parsed = parseDocument(await host.readFile(file).catch(() => new Uint8Array()));
        results.push({ filePath: displayPath(host.cwd, file), diagnostics: parsed.ok ? locateDiagnostics(stale, parsed.locateMany) : stale, ...(parsed.ok && { text: parsed.text }) });
      }
      return results;
    },
  };
}

function unusedSuppression(s: Suppression, index: number): Diagnostic {
  const what = `rule "${s.rule}"${s.nodeId === undefined ? "" : `, node or edge ${JSON.stringify(s.nodeId)}`}, file ${JSON.stringify(s.file)}`;
  return {
    ruleId: "unused-suppression",
    severity: "warning",
    message: `Suppression ${index + 1} (${what}) hid no finding in the files linted: the finding is gone${s.nodeId === undefined ? "" : " or the id names no node or edge with it"}; remove the suppression.`,
    pointer: `/suppressions/${index}`,
  };
}
