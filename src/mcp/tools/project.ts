// The project tools: calls_stats, and the ones off unless allowed: build (--allow-write), fetch and push_draft (--allow-remote and --allow-write).
import { z } from "zod";
import { toCount } from "../../escape/count.js";
import { confinePath, confinePaths } from "../arguments.js";
import { DEFAULT_FINDINGS, toFindingsAnswer } from "../findings.js";
import { cutsOutput, defineTool } from "../tool.js";

export const callsStatsTool = defineTool({
  name: "calls_stats",
  title: "Production coverage from call records",
  description:
    "Map saved call records onto a pathway as `pathway calls stats` does: per node and way, how many calls reached it and ended there, what no call took, variables never filled, and what could not be mapped (with reasons). " +
    "Records are call objects as GET /v1/calls/{call_id} answers them, or webhook bodies (*.json, *.ndjson, *.jsonl). Personal data (numbers, transcripts) is not returned.",
  input: z.strictObject({
    paths: z.array(z.string()).min(1).max(200).describe("call record files or folders, relative to the project root"),
    pathway: z.string().describe("the pathway file the calls ran on"),
    pathway_id: z
      .string()
      .optional()
      .describe("the remote pathway, so calls of other pathways are told apart (default: the file's pathwaykit.manifest.json entry)"),
    pathway_version: z.number().int().min(0).optional().describe("count only calls of this saved version"),
  }),
  output: z.object({
    pathway: z.string(),
    stats: z.looseObject({ calls: z.number(), mapped: z.number() }),
    read: z.looseObject({ files: z.number(), records: z.number() }),
    cuts: cutsOutput,
  }),
  hints: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async run(args, context) {
    const inputs = await confinePaths(context.host, args.paths, "paths");
    const pathway = await confinePath(context, args.pathway, "pathway");
    // Each tool loads its engine operation when first called: tools/list answers before any of them is read.
    const { getCallStats } = await import("../../engine/calls/stats.js");
    const result = await getCallStats(context.host, pathway, inputs, {
      ...(args.pathway_id && { pathwayId: args.pathway_id }),
      ...(args.pathway_version !== undefined && { pathwayVersion: args.pathway_version }),
    });
    const s = result.stats;
    const summary = `${toCount(s.calls, "call")} read from ${toCount(result.read.files, "file")}: ${s.mapped} mapped, ${s.partial} partly, ${s.unmapped} not; ${toCount(s.nodesNeverReached.length, "node")} never reached.`;
    return { structured: { ...result }, summary };
  },
});

export const buildTool = defineTool({
  name: "build",
  title: "Build TypeScript pathway modules",
  description:
    "Build TypeScript pathway modules (*.pathway.ts) into canonical pathway JSON beside each module (or in output_dir), validated, as `pathway build` does. This runs the modules' code. " +
    "With check, nothing is written and JSON on disk that differs from what its module builds is reported.",
  input: z.strictObject({
    entries: z.array(z.string()).min(1).max(200).describe("module files, folders (searched for *.pathway.ts) or globs"),
    output_dir: z.string().optional().describe("write the JSON files into this folder (default: next to each module)"),
    check: z.boolean().optional().describe("write nothing; report JSON files that differ from what their module builds"),
  }),
  output: z.object({
    entries: z.array(z.looseObject({ entry: z.string(), status: z.string(), output: z.string().optional() })),
    findings: z.looseObject({ errorCount: z.number() }),
    cuts: cutsOutput,
  }),
  needs: ["write"],
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, context) {
    const entries = await confinePaths(context.host, args.entries, "entries");
    const outDir = args.output_dir === undefined ? undefined : await confinePath(context, args.output_dir, "output_dir");
    const { buildModules } = await import("../../engine/author/build-modules.js");
    const built = await buildModules(context.host, entries, { ...(outDir !== undefined && { outDir }), ...(args.check && { check: true }) });
    const findings = toFindingsAnswer(built.files, DEFAULT_FINDINGS);
    const statuses = built.entries.map((e) => e.status);
    const summary = `${toCount(built.entries.length, "module")}: ${[...new Set(statuses)].map((s) => `${statuses.filter((x) => x === s).length} ${s}`).join(", ")}; ${toCount(findings.errorCount, "error")}.`;
    return {
      structured: {
        entries: built.entries.map(({ entry, output, status, problem }) => ({
          entry,
          status,
          ...(output && { output }),
          ...(problem && { problem: problem.message }),
        })),
        findings,
      },
      summary,
    };
  },
});

export const fetchTool = defineTool({
  name: "fetch",
  title: "Fetch remote pathways",
  description:
    "Download pathways from the service (GET /v1/pathway/{pathway_id}, or a saved version with <id>@<n>) into canonical JSON files and record them in pathwaykit.manifest.json, as `pathway fetch` does. " +
    "A file with local edits is left as it is unless force. With no ids, every pathway in the manifest is fetched.",
  input: z.strictObject({
    ids: z.array(z.string()).max(50).optional().describe("pathway ids, <id>@<n> for a saved version or <id>@latest; default: every manifest entry"),
    out_dir: z.string().optional().describe('folder for new files, named <id>.json (default "pathways")'),
    force: z.boolean().optional().describe("overwrite files with local edits"),
  }),
  output: z.object({ outcomes: z.array(z.looseObject({ id: z.string(), file: z.string(), ok: z.boolean() })), cuts: cutsOutput }),
  needs: ["remote", "write"],
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  async run(args, context) {
    const outDir = args.out_dir === undefined ? undefined : await confinePath(context, args.out_dir, "out_dir");
    const { fetchPathways } = await import("../../engine/release/fetch-pathways.js");
    const outcomes = await fetchPathways(context.host, args.ids ?? [], { ...(outDir !== undefined && { outDir }), ...(args.force && { force: true }) });
    const ok = outcomes.filter((o) => o.ok).length;
    return { structured: { outcomes: outcomes.map(({ text: _text, ...o }) => o) }, summary: `Fetched ${ok} of ${toCount(outcomes.length, "pathway")}.` };
  },
});

export const pushDraftTool = defineTool({
  name: "push_draft",
  title: "Save a pathway as a draft version",
  description:
    "Upload a pathway file as a draft version that callers do not reach yet, as `pathway push --draft` does: a new version (POST /v1/pathway/{pathway_id}/version) or the recorded draft in place, after checking nobody changed it on the service. " +
    "The file must validate. The pathway is the file's pathwaykit.manifest.json entry, or `id`. Production is never touched, and nothing here publishes.",
  input: z.strictObject({
    path: z.string().describe("the pathway file"),
    id: z.string().optional().describe("the remote pathway id (default: the file's manifest entry)"),
    name: z.string().optional().describe("the version's name"),
    new_version: z.boolean().optional().describe("create another version even when the manifest records a draft"),
  }),
  output: z.looseObject({ file: z.string(), id: z.string(), ok: z.boolean(), pushed: z.boolean(), reason: z.string(), cuts: cutsOutput }),
  needs: ["remote", "write"],
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(args, context) {
    const file = await confinePath(context, args.path, "path");
    const { pushDraft } = await import("../../engine/release/push-draft.js");
    const report = await pushDraft(context.host, file, {
      ...(args.id && { id: args.id }),
      ...(args.name && { name: args.name }),
      ...(args.new_version && { newVersion: true }),
    });
    return { structured: { ...report }, summary: report.reason };
  },
});
