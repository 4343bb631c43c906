// The reviewing tools: explain_rule, analyze, diagram (Mermaid text) and diff, each the engine call its command makes.
import { z } from "zod";
import { toCount } from "../../escape/count.js";
import { confinePath } from "../arguments.js";
import { ruleOutput } from "../rule-schema.js";
import { cutsOutput, defineTool, ToolRefusal } from "../tool.js";

const readOnly = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };
const pathwayPath = z.string().describe("a pathway file, relative to the project root");

export const explainRuleTool = defineTool({
  name: "explain_rule",
  title: "Explain a rule",
  description:
    "Explain one rule of validate, lint or check_request by its id (the `rule` of a finding): what it checks, its default severity, whether it has a safe fix or suggestions, its messages and options. " +
    "Read this before changing a pathway to silence a finding you do not understand.",
  input: z.strictObject({ rule: z.string().describe("the rule id, e.g. dead-end") }),
  output: ruleOutput,
  hints: readOnly,
  async run(args, context) {
    // Each tool loads its engine operation when first called: tools/list answers before any of them is read.
    const { getRuleDocument, requireRule } = await import("../rule-docs.js");
    const document = await getRuleDocument(await requireRule(args.rule), context.readOwnFile);
    return { structured: document, summary: `${document.id}: ${document.description}`, text: document.markdown };
  },
});

const analysisOutput = z.object({
  path: z.string(),
  analysis: z
    .looseObject({
      start: z.string().optional(),
      stats: z.record(z.string(), z.unknown()),
      globals: z.array(z.string()),
      terminals: z.array(z.string()),
      unreachable: z.array(z.string()),
      deadEnds: z.array(z.string()),
      traps: z.array(z.array(z.string())),
    })
    .describe("node ids; names maps them to node names"),
  names: z.record(z.string(), z.string()).describe("node names by id"),
  cuts: cutsOutput,
});

export const analyzeTool = defineTool({
  name: "analyze",
  title: "Summarise a pathway",
  description:
    "Summarise one pathway as `pathway analyze` does: node counts by type, the start node, global nodes, terminals, unreachable nodes, dead ends, traps (cycles with no way out), depth and the variables each node sets and reads. " +
    "Node ids in the answer are named in `names`.",
  input: z.strictObject({ path: pathwayPath }),
  output: analysisOutput,
  hints: readOnly,
  async run(args, context) {
    const { analyzeFile } = await import("../../engine/review/analyze-file.js");
    const analyzed = await analyzeFile(context.host, await confinePath(context, args.path, "path"));
    const a = analyzed.analysis;
    const summary = `${analyzed.path}: ${toCount(a.stats.nodeCount, "node")}, ${toCount(a.stats.edgeCount, "edge")}; ${a.unreachable.length} unreachable, ${toCount(a.deadEnds.length, "dead end")}, ${toCount(a.traps.length, "trap")}.`;
    return { structured: { path: analyzed.path, analysis: a, names: analyzed.names }, summary };
  },
});

export const diagramTool = defineTool({
  name: "diagram",
  title: "Draw a pathway (Mermaid)",
  description:
    "Draw one pathway as Mermaid flowchart text, as `pathway diagram` does: shapes by node type, dotted arrows for conditions, global nodes in their own box, long labels in a numbered legend. " +
    "For a large pathway pass `focus` (a node id or name) to draw only its neighbourhood. The answer's text is the Mermaid source.",
  input: z.strictObject({
    path: pathwayPath,
    focus: z.string().optional().describe("draw only the neighbourhood of this node (id or name)"),
    depth: z.number().int().min(0).max(20).optional().describe("steps around focus, following edges either way (default 2)"),
    direction: z.enum(["TB", "LR"]).optional().describe("top-bottom (default) or left-right"),
    annotate: z.boolean().optional().describe("mark unreachable nodes, dead ends and traps"),
  }),
  output: z.object({ path: z.string(), mermaid: z.string(), notes: z.array(z.string()), cuts: cutsOutput }),
  hints: readOnly,
  async run(args, context) {
    const file = await confinePath(context, args.path, "path");
    const { drawFiles } = await import("../../engine/review/draw-files.js");
    const drawn = await drawFiles(context.host, [file], {
      format: "mermaid",
      ...(args.focus !== undefined && { focus: args.focus }),
      ...(args.depth !== undefined && { depth: args.depth }),
      ...(args.direction && { direction: args.direction }),
      ...(args.annotate && { annotate: true }),
    });
    const failed = drawn.problems.find((p) => p.severity === "error");
    if (failed || drawn.stdout.length === 0) throw new ToolRefusal(failed?.message ?? `${args.path}: nothing was drawn.`);
    const mermaid = drawn.stdout.map((chunk) => (typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk))).join("");
    const notes = drawn.problems.map((p) => p.message);
    return {
      structured: { path: file, mermaid, notes },
      summary: `${file}: ${toCount(mermaid.split("\n").length, "line")} of Mermaid.${notes.length ? ` ${notes.join(" ")}` : ""}`,
      text: `\`\`\`mermaid\n${mermaid.trimEnd()}\n\`\`\``,
    };
  },
});

const diffOutput = z.object({
  a: z.string(),
  b: z.string(),
  equal: z.boolean(),
  diff: z
    .looseObject({ equal: z.boolean(), summary: z.record(z.string(), z.unknown()), changes: z.array(z.unknown()), losses: z.array(z.unknown()) })
    .describe("changes by node and edge, each with its kind; losses are changes that often mean something was lost by accident"),
  cuts: cutsOutput,
});

export const diffTool = defineTool({
  name: "diff",
  title: "Diff two pathway versions",
  description:
    "Show what changed between two versions of a pathway as `pathway diff` does: nodes, edges and fields (not JSON lines), each change with its kind (prompt, routing, variables, webhook, transfer, globals, model, metadata, other), " +
    "and likely losses (a label, variable or route removed, a removed node still pointed at). Pass two files; with --allow-remote, `remote:<id>` or `remote:<id>@<n>` names the service's live pathway or a saved version. " +
    "Use it after editing to check you changed only what you meant.",
  input: z.strictObject({
    a: z.string().describe("the older version: a file (e.g. a copy kept before editing), or remote:<id>[@<n>] when the server allows remote"),
    b: z.string().describe("the newer version: a file, or remote:<id>[@<n>]"),
    only: z
      .array(z.enum(["prompt", "routing", "variables", "webhook", "transfer", "globals", "model", "metadata", "layout", "other"]))
      .optional()
      .describe("only these kinds of change"),
    include_layout: z.boolean().optional().describe("also compare layout and editor-only fields (positions, edge ids)"),
  }),
  output: diffOutput,
  hints: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async run(args, context) {
    const a = await confinePath(context, args.a, "a", { remoteAllowed: true });
    const b = await confinePath(context, args.b, "b", { remoteAllowed: true });
    const { diffVersions, parseChangeKinds } = await import("../../engine/release/diff-versions.js");
    const { formatDiffText } = await import("../../format/diff-text.js");
    const only = await parseChangeKinds(args.only?.join(","));
    const versions = await diffVersions(context.host, a, b, { includeLayout: args.include_layout === true, ...(only && { only }) });
    const text = formatDiffText(versions, { color: false, ...(only && { only }) });
    const n = versions.diff.changes.length;
    const summary = versions.diff.equal
      ? `${versions.labelA} and ${versions.labelB} are the same pathway.`
      : `${versions.labelA} -> ${versions.labelB}: ${toCount(n, "change")}, ${toCount(versions.diff.losses.length, "likely loss", "likely losses")}.`;
    return { structured: { a: versions.labelA, b: versions.labelB, equal: versions.diff.equal, diff: versions.diff }, summary, text };
  },
});
