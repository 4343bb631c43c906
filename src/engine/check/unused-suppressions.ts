// Suppressions that hid nothing in a lint run are stale config (the finding was fixed, or the node id is wrong): reported where they stand in the config.
import path from "node:path";
import type { Diagnostic, FileResult } from "../../diagnostics/index.js";
import type { SuppressedFinding, Suppression } from "../../lint/index.js";
import { getFileLintSettings } from "../../lint/index.js";
import { parseDocument } from "../../parse/index.js";
import { locateDiagnostics } from "../../rules/index.js";
import { toRelativePosix, type LoadedLintConfig } from "../project/config.js";
import type { Host } from "../../host/host.js";
import { displayPath, expandInputs } from "../project/inputs.js";

/** Records, file by file, which suppressions applied and which hid a finding; then reports the ones that never did. */
export function createSuppressionTracker(): {
  linted(file: string, loaded: LoadedLintConfig, suppressions: readonly Suppression[]): void;
  used(found: readonly SuppressedFinding[]): void;
  results(host: Host): Promise<FileResult[]>;
} {
  // Per config file: how it was loaded, the files linted with it, and the suppressions that applied to one of them.
  const configs = new Map<string, { loaded: LoadedLintConfig; linted: Set<string>; applied: Set<Suppression> }>();
  const used = new Set<Suppression>();
  return {
    linted(file, loaded, suppressions) {
      if (loaded.file === undefined) return;
      const entry = configs.get(loaded.file) ?? configs.set(loaded.file, { loaded, linted: new Set(), applied: new Set() }).get(loaded.file)!;
      entry.linted.add(file);
      for (const s of suppressions) entry.applied.add(s);
    },
    used(found) {
      for (const f of found) used.add(f.suppression);
    },
    async results(host) {
      const results: FileResult[] = [];
      for (const [file, { loaded, linted, applied }] of configs) {
        const candidates = loaded.config.suppressions.filter((s) => applied.has(s) && !used.has(s));
        if (candidates.length === 0) continue;
        const unlinted = await findUnlinted(host, loaded, linted, candidates);
        // A suppression whose `file` glob also matches a pathway this run did not lint may hide a finding there: a run
        // over some files (a pre-commit hook, one file named) cannot call it stale.
        const stale = loaded.config.suppressions.flatMap((s, index) =>
          candidates.includes(s) && !unlinted.some((u) => u.suppressions.includes(s)) ? [unusedSuppression(s, index)] : [],
        );
        if (stale.length === 0) continue;
        const parsed = parseDocument(await host.readFile(file).catch(() => new Uint8Array()));
        results.push({
          filePath: displayPath(host.cwd, file),
          diagnostics: parsed.ok ? locateDiagnostics(stale, parsed.locateMany) : stale,
          ...(parsed.ok && { text: parsed.text }),
        });
      }
      return results;
    },
  };
}

/**
 * The pathway files `candidates` may cover (as a directory walk finds them, under the folders their globs start with)
 * that this run did not lint and the config does not ignore, with the suppressions that apply to each.
 */
async function findUnlinted(
  host: Host,
  { config, root }: LoadedLintConfig,
  linted: ReadonlySet<string>,
  candidates: readonly Suppression[],
): Promise<{ suppressions: readonly Suppression[] }[]> {
  const folders = new Set(candidates.map((s) => displayPath(host.cwd, path.join(root, ...globFolder(s.file)))));
  const refs = await expandInputs(host, "pathway", [...folders]);
  return refs.flatMap((ref) => {
    if (ref.file === undefined || linted.has(ref.file)) return [];
    const settings = getFileLintSettings(config, toRelativePosix(root, ref.file));
    return settings.ignored ? [] : [settings];
  });
}

/** The folders a config glob starts with (none for a bare name: config globs without "/" match at any depth). */
function globFolder(glob: string): string[] {
  const parts = glob.split("/").slice(0, -1);
  const wild = parts.findIndex((p) => /[*?[\]{}()!+@]/.test(p));
  return wild === -1 ? parts : parts.slice(0, wild);
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
