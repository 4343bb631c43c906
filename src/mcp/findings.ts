// Findings as the MCP tools return them: rule, message, pointer, line and column, the fix and suggestions; cut to a budget with a note.
import { z } from "zod";
import type { Diagnostic, FileResult } from "../diagnostics/index.js";
import { toCount } from "../escape/count.js";

/** Most findings one answer holds unless the call asks for fewer or more (up to MAX_FINDINGS). */
export const DEFAULT_FINDINGS = 200;
/** The most a call may ask for. */
export const MAX_FINDINGS = 2000;

const textFix = z.object({
  range: z.array(z.number()).describe("[start, end): UTF-16 offsets into the file's text as decoded (a leading byte-order mark not counted)"),
  text: z.string().describe("what replaces that range"),
});

const finding = z.object({
  rule: z.string().describe("rule id; explain_rule or the pathwaykit://rules/<id> resource documents it"),
  severity: z.enum(["error", "warning", "info"]),
  message: z.string(),
  pointer: z.string().describe('RFC 6901 JSON pointer of the value ("" is the whole document)'),
  line: z.number().optional().describe("1-based line of the value"),
  column: z.number().optional().describe("1-based column of the value"),
  endLine: z.number().optional(),
  endColumn: z.number().optional(),
  related: z.array(z.object({ pointer: z.string(), message: z.string(), line: z.number().optional(), column: z.number().optional() })).optional(),
  fix: textFix.optional().describe("a safe fix (cannot change what a call does): the fix tool or lint's apply_fixes applies it"),
  suggestions: z
    .array(z.object({ desc: z.string(), fix: textFix }))
    .optional()
    .describe("changes that need judgement: apply one only if it is what the author meant"),
  docs: z.string().optional(),
});

/** The output schema of every findings tool (validate, lint, fix, check_request). */
export const findingsOutput = z.object({
  files: z.array(
    z.object({
      path: z.string(),
      errorCount: z.number(),
      warningCount: z.number(),
      findings: z.array(finding),
      fixedText: z.string().optional().describe("with apply_fixes: the whole text with every safe fix applied (nothing was written)"),
    }),
  ),
  errorCount: z.number(),
  warningCount: z.number(),
  truncated: z.object({ shown: z.number(), total: z.number(), note: z.string() }).optional(),
});

/** One finding as a tool returns it. */
export type McpFinding = z.infer<typeof finding>;

const RANK: Record<Diagnostic["severity"], number> = { error: 0, warning: 1, info: 2 };

function toFinding(d: Diagnostic): McpFinding {
  const place = (range: Diagnostic["range"]) => (range ? { line: range.start.line, column: range.start.column } : {});
  return {
    rule: d.ruleId,
    severity: d.severity,
    message: d.message,
    pointer: d.pointer,
    ...place(d.range),
    ...(d.range && { endLine: d.range.end.line, endColumn: d.range.end.column }),
    ...(d.related?.length && { related: d.related.map((r) => ({ pointer: r.pointer, message: r.message, ...place(r.range) })) }),
    ...(d.fix && { fix: { range: [...d.fix.range], text: d.fix.text } }),
    ...(d.suggestions?.length && { suggestions: d.suggestions.map((s) => ({ desc: s.desc, fix: { range: [...s.fix.range], text: s.fix.text } })) }),
    ...(d.url && { docs: d.url }),
  };
}

/**
 * `results` as a findings answer holding at most `limit` findings: errors first, then warnings, then notes, each file's
 * kept in the order of the text. A cut answer says how many were left out and how to see them; the counts are always
 * of every finding.
 */
export function toFindingsAnswer(results: readonly (FileResult & { output?: string })[], limit: number): z.infer<typeof findingsOutput> {
  const all = results.flatMap((r, file) => r.diagnostics.map((d, at) => ({ d, file, at })));
  const kept = new Set([...all].sort((a, b) => RANK[a.d.severity] - RANK[b.d.severity] || a.file - b.file || a.at - b.at).slice(0, limit));
  let errorCount = 0;
  let warningCount = 0;
  const files = results.map((r, file) => {
    const counts = { errorCount: 0, warningCount: 0 };
    for (const d of r.diagnostics) {
      if (d.severity === "error") counts.errorCount++;
      else if (d.severity === "warning") counts.warningCount++;
    }
    errorCount += counts.errorCount;
    warningCount += counts.warningCount;
    const findings = all.filter((x) => x.file === file && kept.has(x)).map((x) => toFinding(x.d));
    return { path: r.filePath, ...counts, findings, ...(r.output !== undefined && { fixedText: r.output }) };
  });
  const shown = kept.size;
  const truncated =
    shown < all.length
      ? {
          shown,
          total: all.length,
          note: `${toCount(all.length - shown, "finding")} not shown (errors first, then warnings, then notes): fix these and check again, name fewer paths, or raise max_findings (up to ${MAX_FINDINGS}).`,
        }
      : undefined;
  return { files, errorCount, warningCount, ...(truncated && { truncated }) };
}

/** The one-line summary of a findings answer. */
export function summariseFindings(verb: string, answer: z.infer<typeof findingsOutput>): string {
  const files = toCount(answer.files.length, "file");
  const counts =
    answer.errorCount + answer.warningCount === 0
      ? "no errors or warnings"
      : `${toCount(answer.errorCount, "error")}, ${toCount(answer.warningCount, "warning")}`;
  return `${verb} ${files}: ${counts}${answer.truncated ? ` (${answer.truncated.shown} of ${answer.truncated.total} findings shown)` : ""}.`;
}

/** The input field every findings tool takes. */
export const maxFindingsInput = z
  .number()
  .int()
  .min(1)
  .max(MAX_FINDINGS)
  .optional()
  .describe(`most findings returned (default ${DEFAULT_FINDINGS}); errors come first when some are cut`);
