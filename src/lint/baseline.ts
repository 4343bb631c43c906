// Baselines for adopting the linter on existing pathways: record today's findings, then report only new ones.
import { z } from "zod";
import type { Diagnostic } from "../diagnostics/index.js";
import { getFindingLocation } from "./locate-finding.js";

/** One recorded finding: file (relative to the baseline file, posix separators), rule and place (by node or edge id). */
export const BaselineEntrySchema = z.strictObject({ file: z.string(), ruleId: z.string(), location: z.string(), message: z.string().optional() });

/** A baseline file. */
export const BaselineSchema = z.strictObject({ version: z.literal(1), findings: z.array(BaselineEntrySchema) });

export type Baseline = z.infer<typeof BaselineSchema>;
export type BaselineEntry = z.infer<typeof BaselineEntrySchema>;

/** One linted file as a baseline sees it. */
export interface BaselineInput {
  file: string;
  value?: unknown;
  diagnostics: readonly Diagnostic[];
}

function key(file: string, ruleId: string, location: string): string {
  return `${file}\u0000${ruleId}\u0000${location}`;
}

/** A baseline holding every finding of `files`, sorted so the file diffs well. */
export function createBaseline(files: readonly BaselineInput[]): Baseline {
  const findings: BaselineEntry[] = [];
  for (const f of files) {
    for (const d of f.diagnostics) findings.push({ file: f.file, ruleId: d.ruleId, location: getFindingLocation(f.value, d.pointer), message: d.message });
  }
  findings.sort((a, b) => (key(a.file, a.ruleId, a.location) < key(b.file, b.ruleId, b.location) ? -1 : 1));
  return { version: 1, findings };
}

/**
 * A filter that removes the findings recorded in the baseline, file by file. Matching is by file, rule and place (node
 * or edge id plus the path inside it), counted: two recorded findings at one place hide at most two there.
 */
export function createBaselineFilter(baseline: Baseline): <T extends BaselineInput>(file: T) => { file: T; baselined: number } {
  const budget = new Map<string, number>();
  for (const e of baseline.findings) {
    const k = key(e.file, e.ruleId, e.location);
    budget.set(k, (budget.get(k) ?? 0) + 1);
  }
  return (f) => {
    let baselined = 0;
    const diagnostics = f.diagnostics.filter((d) => {
      const k = key(f.file, d.ruleId, getFindingLocation(f.value, d.pointer));
      const left = budget.get(k) ?? 0;
      if (left === 0) return true;
      budget.set(k, left - 1);
      baselined++;
      return false;
    });
    return { file: { ...f, diagnostics }, baselined };
  };
}

/** Removes from each file's findings those recorded in the baseline (see `createBaselineFilter`). */
export function filterByBaseline<T extends BaselineInput>(files: readonly T[], baseline: Baseline): { files: T[]; baselined: number } {
  const filter = createBaselineFilter(baseline);
  let baselined = 0;
  const result = files.map((f) => {
    const filtered = filter(f);
    baselined += filtered.baselined;
    return filtered.file;
  });
  return { files: result, baselined };
}
