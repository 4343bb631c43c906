// Scenario files (*.scenario.yaml or .json): the zod schema, and loading with errors that point at the line.
import { z } from "zod";
import type { Diagnostic } from "../diagnostics/index.js";
import { readYamlStructured } from "../parse/structured-yaml.js";
import type { PathLocator, StructuredRead, StructuredReadOptions } from "../parse/structured.js";
import { compileTextPattern } from "./text-pattern.js";

/** A mocked webhook answer in a scenario. */
export const WebhookMockSchema = z.strictObject({
  status: z.number().int().min(100).max(599).default(200).describe("HTTP status (responsePathways read it as BlandStatusCode)"),
  body: z.unknown().optional().describe("response body (JSON)"),
});

/** What the agent said: a plain string means "contains". */
export const TextExpectSchema = z.union([
  z.string(),
  z.strictObject({
    contains: z.string().optional(),
    matches: z
      .string()
      .superRefine((source, ctx) => {
        const pattern = compileTextPattern(source);
        if (!pattern.ok) ctx.addIssue({ code: "custom", message: pattern.message });
      })
      .optional()
      .describe("a regular expression in RE2 syntax (linear time: no backreferences or lookaround), searched for in what the agent said"),
    equals: z.string().optional(),
  }),
]);

const STATUSES = ["active", "ended", "transferred", "stopped"] as const;

/** A node or edge reference; YAML reads `take: 2` as a number, so numbers are accepted as the id they spell. */
const RefSchema = z.union([z.string().min(1), z.number()]).transform(String);

function isDate(text: string): boolean {
  return !Number.isNaN(new Date(text).getTime());
}

/** The simulated call's system variables (`{{from}}`, `{{now}}`, ...); every field has a default. */
export const CallSchema = z.strictObject({
  from: z.string().optional().describe('caller number (default "+15550100001")'),
  to: z.string().optional().describe('number called (default "+15550100002")'),
  now: z
    .string()
    .refine(isDate, "not a date: write ISO 8601, e.g. 2025-01-06T09:00:00Z")
    .optional()
    .describe("the fixed clock of the run (default 2025-01-06T09:00:00Z)"),
  call_id: z.string().optional().describe('call id, also {{callID}} (default "sim-call-0001")'),
  city: z.string().optional(),
  country: z.string().optional(),
  state: z.string().optional(),
  zip: z.string().optional(),
  input: z.string().optional().describe("{{input}}, a call variable the API lists without saying what it holds (default empty)"),
});

/** Expectations checked after one turn. */
export const TurnExpectSchema = z.strictObject({
  node: RefSchema.optional().describe("node (id or name) the conversation is at after the turn"),
  said: TextExpectSchema.optional().describe("what the agent said during the turn"),
  vars: z.record(z.string(), z.unknown()).optional().describe("variables equal to these values"),
  status: z.enum(STATUSES).optional(),
  stayed: z.boolean().optional().describe("true: the turn did not leave the node"),
});

/** How a transfer reached in a turn is answered. */
const TransferAnswerSchema = z.enum(["answered", "not-answered"]);

/** One user turn. */
export const TurnSchema = z.strictObject({
  user: z.string().describe("what the caller says"),
  take: RefSchema.optional().describe("edge to take: edge id or label, target node id or name, or a global node"),
  vars: z.record(z.string(), z.unknown()).optional().describe("variables the caller gives (instead of typed extraction)"),
  webhooks: z
    .record(z.string(), WebhookMockSchema)
    .optional()
    .describe("answers for this turn: webhooks and Custom Code nodes by node id or name (a Custom Code body's keys become variables), node tools by tool name"),
  transfer: z
    .union([TransferAnswerSchema, z.array(TransferAnswerSchema).min(1)])
    .optional()
    .describe(
      "not-answered: no transfer reached in this turn is answered and the call follows each one's voicemail edge; a list: the answer of each transfer the turn reaches, in order (those past its end are answered)",
    ),
  expect: TurnExpectSchema.optional(),
});

/** Expectations checked at the end of the scenario. */
export const EndExpectSchema = z.strictObject({
  status: z.enum(STATUSES).optional(),
  ended: z.boolean().optional().describe("true: End Call reached"),
  transferred_to: z
    .string({ error: 'the number must be a string: quote it, e.g. transferred_to: "+15550000000" (YAML drops the + of a bare number)' })
    .optional()
    .describe("the number a transfer went to"),
  transferred_to_pathway: z.string().optional().describe("the pathway id a Transfer Pathway node handed the call to"),
  node: RefSchema.optional().describe("the node the conversation is at (or ended at)"),
  path: z.array(RefSchema).optional().describe("every node entered, in order (ids or names)"),
  path_contains: z.array(RefSchema).optional().describe("nodes entered in this order, others allowed in between"),
  vars: z.record(z.string(), z.unknown()).optional(),
});

/** A scenario file. */
export const ScenarioSchema = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  pathway: z.string().min(1).describe("the pathway file, relative to the scenario file"),
  start: RefSchema.optional().describe("node (id or name) to start at instead of the start node"),
  decider: z.enum(["scripted", "keyword", "llm"]).default("scripted").describe("how turns without take: are decided"),
  threshold: z.number().min(0).max(1).optional().describe("keyword decider threshold (default 0.15)"),
  request_data: z.record(z.string(), z.unknown()).optional().describe("variables known when the call starts"),
  call: CallSchema.optional().describe("system variables of the simulated call (from, to, now, call_id, ...); defaults apply"),
  mocks: z
    .string()
    .min(1)
    .optional()
    .describe("a shared mocks file (YAML or JSON, relative to this file) whose webhooks: answers this scenario starts from; its own webhooks: win"),
  webhooks: z
    .record(z.string(), WebhookMockSchema)
    .optional()
    .describe("answers for the whole scenario: webhooks and Custom Code nodes by node id or name, node tools by tool name"),
  max_turns: z.number().int().positive().optional(),
  turns: z.array(TurnSchema).default([]),
  expect: EndExpectSchema.optional(),
});

export type Scenario = z.infer<typeof ScenarioSchema>;
export type ScenarioTurn = z.infer<typeof TurnSchema>;
export type TurnExpect = z.infer<typeof TurnExpectSchema>;
export type EndExpect = z.infer<typeof EndExpectSchema>;
export type TextExpect = z.infer<typeof TextExpectSchema>;

/** A problem in a scenario file, with its place. */
export interface ScenarioIssue {
  message: string;
  /** RFC 6901 pointer of the offending value. */
  pointer: string;
  line?: number;
  column?: number;
}

/** Where a path inside the scenario file is (1-based), for messages that point at a turn or a key. */
export type ScenarioLocator = PathLocator;

/** A loaded scenario: checked data and a locator, or the problems that stopped it. */
export type LoadedScenario = { ok: true; scenario: Scenario; locate: ScenarioLocator } | { ok: false; issues: ScenarioIssue[] };

/** Unknown keys in scenario and mocks files are mostly typos. */
const UNKNOWN_KEY_HINT = "check the spelling (see https://github.com/pathwaykit/pathwaykit/blob/main/docs/scenarios.md#scenario-files)";

function toIssue(d: Diagnostic): ScenarioIssue {
  return { message: d.message, pointer: d.pointer, ...(d.range && { line: d.range.start.line, column: d.range.start.column }) };
}

/** The structured-file reader's answer with its Diagnostics as ScenarioIssues. */
function loadYamlFile<T>(
  text: string,
  options: StructuredReadOptions<T>,
): { ok: true; value: T; locate: ScenarioLocator } | { ok: false; issues: ScenarioIssue[] } {
  const read: StructuredRead<T> = readYamlStructured(text, options);
  return read.ok ? read : { ok: false, issues: read.diagnostics.map(toIssue) };
}

/** Parses and checks a scenario file (YAML, or JSON, which YAML reads too). Never throws. */
export function loadScenario(text: string): LoadedScenario {
  const loaded = loadYamlFile(text, {
    schema: ScenarioSchema,
    emptyMessage: "the scenario file is empty; it needs at least `pathway:` and `turns:`",
    unknownKeyHint: UNKNOWN_KEY_HINT,
  });
  return loaded.ok ? { ok: true, scenario: loaded.value, locate: loaded.locate } : loaded;
}

/** A shared mocks file (`mocks.yaml`): answers that every scenario naming it with `mocks:` starts from. */
export const MocksFileSchema = z.strictObject({
  $schema: z.string().optional(),
  webhooks: z
    .record(z.string(), WebhookMockSchema)
    .default({})
    .describe("answers for every scenario that names this file: webhooks and Custom Code nodes by node id or name, node tools by tool name"),
});

/** Parses and checks a mocks file. Never throws. */
export function loadMocks(text: string): { ok: true; webhooks: Record<string, z.infer<typeof WebhookMockSchema>> } | { ok: false; issues: ScenarioIssue[] } {
  const loaded = loadYamlFile(text, {
    schema: MocksFileSchema,
    emptyMessage: "the mocks file is empty; it needs `webhooks:`",
    unknownKeyHint: UNKNOWN_KEY_HINT,
  });
  return loaded.ok ? { ok: true, webhooks: loaded.value.webhooks } : loaded;
}

/** The scenario file format as JSON Schema (draft 2020-12), for editors (`# yaml-language-server: $schema=...`). */
export function getScenarioJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(ScenarioSchema, { io: "input", target: "draft-2020-12" }),
    title: "pathwaykit scenario",
    description: "A scripted conversation with a pathway, run by `pathway test`.",
  } as Record<string, unknown>;
}
