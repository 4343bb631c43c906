// The checking tools: validate, lint (files or an unsaved draft), fix (lint --fix, with --allow-write) and check_request, each the engine call its command makes.
import { z } from "zod";
import type { FileResult } from "../../diagnostics/index.js";
import { toCount } from "../../escape/count.js";
import { confinePath, confinePaths } from "../arguments.js";
import { DEFAULT_FINDINGS, findingsOutput, maxFindingsInput, summariseFindings, toFindingsAnswer } from "../findings.js";
import { withDraft } from "../project-host.js";
import { defineTool, ToolRefusal, type ToolAnswer, type ToolContext } from "../tool.js";

const paths = z
  .array(z.string())
  .max(200)
  .optional()
  .describe("files, folders (searched for *.json) or globs, relative to the project root; default: the whole project");
const text = z.string().optional().describe("an unsaved pathway's JSON text, checked instead of files (an assistant's draft)");
const draftPath = z
  .string()
  .optional()
  .describe("with text: the file the draft is of (need not exist yet); its nearest pathway.config.json applies and findings name it");
const rules = z
  .record(z.string(), z.enum(["off", "info", "warning", "error"]))
  .optional()
  .describe('severity overrides by rule id, e.g. {"unused-extracted-variable": "off"}');

/** The files to check, or a draft read through the host: the engine's arguments and the host to read them with. */
async function toInputs(
  context: ToolContext,
  args: { paths?: string[]; text?: string; path?: string },
): Promise<{ host: ToolContext["host"]; inputs: string[] }> {
  if (args.text === undefined) {
    if (args.path !== undefined) throw new ToolRefusal("path names the file a draft `text` is of; to check files on disk, use paths.");
    return { host: context.host, inputs: await confinePaths(context.host, args.paths?.length ? args.paths : ["."], "paths") };
  }
  if (args.paths?.length) throw new ToolRefusal("pass either text (a draft) or paths (files), not both.");
  const bytes = new TextEncoder().encode(args.text);
  if (bytes.length > context.maxFileBytes)
    throw new ToolRefusal(`text is ${toCount(bytes.length, "byte")}, over the ${toCount(context.maxFileBytes, "byte")} the server reads (--max-file-size).`);
  const file = args.path === undefined ? undefined : await confinePath(context, args.path, "path");
  return { host: withDraft(context.host, bytes, file), inputs: [file ?? "-"] };
}

// Each tool loads its engine operation when first called: tools/list answers before any of them is read.
const loadCatalogue = async () => (await import("../../engine/check/rule-catalogue.js")).loadRuleCatalogue();
const loadRuleFlags = async () => (await import("../../engine/check/rule-flags.js")).parseRuleFlags;

const toFlags = (overrides: Record<string, string> | undefined) => Object.entries(overrides ?? {}).map(([id, severity]) => `${id}:${severity}`);

function answer(verb: string, results: readonly FileResult[], limit: number | undefined): ToolAnswer {
  const structured = toFindingsAnswer(results, limit ?? DEFAULT_FINDINGS);
  return { structured, summary: summariseFindings(verb, structured) };
}

const hints = { readOnlyHint: true, idempotentHint: true, openWorldHint: false };

export const validateTool = defineTool({
  name: "validate",
  title: "Validate pathways",
  description:
    "Check pathway JSON the way `pathway validate` does: syntax and encoding, shape, start node, node and edge ids, references and node data. " +
    "Pass `paths` (files or folders in the project) or `text` (an unsaved draft, with `path` for the file it will be). " +
    "Each finding has its rule, message, JSON pointer, line and column. Use lint for the graph and content checks as well.",
  input: z.strictObject({ paths, text, path: draftPath, rules, max_findings: maxFindingsInput }),
  output: findingsOutput,
  cut: false,
  hints,
  async run(args, context) {
    const { host, inputs } = await toInputs(context, args);
    const { validationRuleMetas } = await import("../../engine/check/rule-catalogue.js");
    const parseRuleFlags = await loadRuleFlags();
    const overrides = await parseRuleFlags(
      toFlags(args.rules),
      new Set(validationRuleMetas.map((m) => m.id)),
      async () => new Set((await loadCatalogue()).lint.map((m) => m.id)),
    );
    const { validateFiles } = await import("../../engine/check/validate-files.js");
    return answer("Validated", await validateFiles(host, inputs, { rules: overrides }), args.max_findings);
  },
});

export const lintTool = defineTool({
  name: "lint",
  title: "Lint pathways",
  description:
    "Validate pathways and check their graph and content as `pathway lint` does: unreachable nodes, dead ends, traps, unset or unused variables, labels, prompts. " +
    "Pass `paths` or an unsaved draft as `text` (with `path` for the file it will be, so its pathway.config.json applies). " +
    "Each finding has rule, message, pointer, line and column, and where the rule has one a safe `fix` ({range, text} over the text) or `suggestions`. " +
    "Set apply_fixes to get each file's text with the safe fixes applied (`fixedText`; nothing is written). explain_rule tells what a rule means.",
  input: z.strictObject({
    paths,
    text,
    path: draftPath,
    rules,
    apply_fixes: z.boolean().optional().describe("return each file's text with every safe fix applied, as fixedText; nothing is written"),
    max_findings: maxFindingsInput,
  }),
  output: findingsOutput,
  cut: false,
  hints,
  async run(args, context) {
    const { host, inputs } = await toInputs(context, args);
    const overrides = await (await loadRuleFlags())(toFlags(args.rules), new Set((await loadCatalogue()).lint.map((m) => m.id)));
    const { lintFiles } = await import("../../engine/check/lint-files.js");
    const lint = await lintFiles(host, inputs, { rules: overrides, ...(args.apply_fixes && { fix: "dry-run" as const }) });
    return answer("Linted", lint.results, args.max_findings);
  },
});

export const fixTool = defineTool({
  name: "fix",
  title: "Apply safe fixes",
  description:
    "Apply the safe lint fixes to pathway files and rewrite each fixed file in place, keeping its formatting, as `pathway lint --fix` does: only fixes that cannot change what a call does " +
    "(a byte-order mark, a repeated edge id, stray whitespace in a label). Returns what remains. Suggestions are never applied.",
  input: z.strictObject({ paths, max_findings: maxFindingsInput }),
  output: findingsOutput,
  cut: false,
  needs: ["write"],
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, context) {
    const inputs = await confinePaths(context.host, args.paths?.length ? args.paths : ["."], "paths");
    const { lintFiles } = await import("../../engine/check/lint-files.js");
    const lint = await lintFiles(context.host, inputs, { fix: "write" });
    const result = answer("Fixed and linted", lint.results, args.max_findings);
    const fixed = lint.fixed ? `Fixed ${toCount(lint.fixed.findings, "finding")} in ${toCount(lint.fixed.files, "file")}. ` : "Nothing to fix. ";
    return { ...result, summary: fixed + result.summary };
  },
});

export const checkRequestTool = defineTool({
  name: "check_request",
  title: "Check API request bodies",
  description:
    "Check request bodies for the service's API as `pathway check-request` does: calls (POST /v1/calls), batches (POST /v1/batches), inbound numbers (POST /v1/inbound/{phone_number}) and purchases (POST /v1/inbound/purchase), " +
    "against the API and the pathway they use (its start node and the variables it reads). Pass request files (*.request.json|yaml) and optionally the pathway file.",
  input: z.strictObject({
    paths: z
      .array(z.string())
      .max(200)
      .optional()
      .describe("request files (JSON or YAML), folders (searched for *.request.json|yaml|yml) or globs; default: the whole project"),
    pathway: z
      .string()
      .optional()
      .describe("the pathway file every request uses (default: the pathwaykit.manifest.json entry whose id is the body's pathway_id)"),
    kind: z
      .enum(["call", "batch", "inbound", "purchase"])
      .optional()
      .describe("the request kind (default: from the name <name>.<kind>.request.json, else from the fields)"),
    rules,
    max_findings: maxFindingsInput,
  }),
  output: findingsOutput,
  cut: false,
  hints,
  async run(args, context) {
    const inputs = await confinePaths(context.host, args.paths?.length ? args.paths : ["."], "paths");
    const pathway = args.pathway === undefined ? undefined : await confinePath(context, args.pathway, "pathway", { remoteAllowed: true });
    const overrides = await (await loadRuleFlags())(toFlags(args.rules), new Set((await loadCatalogue()).request.map((m) => m.id)));
    const { checkRequestFiles } = await import("../../engine/check/check-requests.js");
    const results = await checkRequestFiles(context.host, inputs, {
      rules: overrides,
      ...(pathway !== undefined && { pathway }),
      ...(args.kind && { kind: args.kind }),
    });
    return answer("Checked", results, args.max_findings);
  },
});
