// A scenario from a mapped call: the caller's own words as user turns, take:/expect.node along the recorded path.
import { getExitKind, getFlow, type FlowSource } from "../graph/flow.js";
import { getNodeOutputs } from "../graph/variables.js";
import { getNodeType } from "../model/node-types/index.js";
import type { JsonObject } from "../model/pathway.js";
import type { PathwayNode } from "../model/schema.js";
import type { Scenario, ScenarioTurn } from "../simulate/scenario.js";
import type { CallPath, PathStep } from "./map-call.js";
import { maskPersonalData, maskPersonalText } from "./mask.js";

/** True for a node a call passes without a caller turn (its type's `call.passedWithoutCaller`: Route, Webhook, Custom Code). */
function isAutomatic(node: PathwayNode): boolean {
  return getNodeType(node.type)?.call.passedWithoutCaller === true;
}

/** Text the service puts in place of a result value over 64 KiB (the trace's documentation, "Truncation"). */
const CUT = /…$|^\[EXCEEDS_MAX_LENGTH\]$/;

/**
 * Deepest nesting of a recorded body a scenario takes (a real answer nests a few levels): masking it and the scenario
 * file's YAML are read by recursion, which a body of thousands of levels would overflow.
 */
const MAX_BODY_DEPTH = 100;

/** True when `value` holds objects or lists more than `max` levels deep; looked at without recursion. */
function isNestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [v, level] = top;
    if (v === null || typeof v !== "object") continue;
    if (level > max) return true;
    for (const child of Object.values(v)) stack.push([child, level + 1]);
  }
  return false;
}

/**
 * The answer a webhook node gave in the call, from its v2 trace: the first `webhook.result` with a status of a webhook
 * run there (not a node tool's), its body as recorded (JSON text read as JSON). Text saying why it cannot be used
 * (a body cut at 64 KiB), or undefined when the trace has none.
 */
function getRecordedAnswer(step: PathStep): { status: number; body?: unknown } | string | undefined {
  const hook = step.webhooks?.find(
    (w) => w.toolName === undefined && w.status !== undefined && Number.isInteger(w.status) && w.status >= 100 && w.status <= 599,
  );
  if (hook === undefined) return undefined;
  let body = hook.body;
  if (typeof body === "string") {
    try {
      body = JSON.parse(body) as unknown;
    } catch {
      // A body that is not JSON is given as the text it was.
    }
  }
  if (isNestedDeeperThan(body, MAX_BODY_DEPTH)) return `is nested more than ${MAX_BODY_DEPTH} levels deep, more than a scenario file holds`;
  const tops = body !== null && typeof body === "object" ? Object.values(body) : [body];
  if (tops.some((v) => typeof v === "string" && CUT.test(v))) return "was cut at 64 KiB in the call's event trace";
  return { status: hook.status!, ...(body === undefined ? {} : { body }) };
}

/** Options of `toCallScenario`. */
export interface CallScenarioOptions {
  /** The pathway file as the scenario names it (relative to the scenario file). */
  pathwayRef: string;
  /** The call's request_data. */
  requestData?: JsonObject;
  /** Mask phone numbers and emails in every text (default true). */
  mask?: boolean;
}

/** The scenario, the turns that could not be reconstructed from the record (`gaps`, each with why), and what was assumed (`notes`). */
export interface CallScenario {
  scenario: Scenario;
  gaps: string[];
  notes: string[];
}

/**
 * Turns a mapped call into a scenario for `pathway test`: one turn per visit where the caller spoke (their words
 * joined), `take:` the next node of the recorded path, `vars:` the values the call ended with for what that node
 * extracts, `expect.node` the node the call waited at next, and the whole path expected at the end. Where the call
 * moved on from a node the simulator does not leave by itself without the caller speaking, a turn with empty words is
 * written and a note says so.
 */
export function toCallScenario(path: CallPath, source: FlowSource, options: CallScenarioOptions): CallScenario {
  const flow = getFlow(source);
  const mask = options.mask !== false;
  const text = (t: string) => (mask ? maskPersonalText(t) : t);
  const value = (v: unknown) => (mask ? maskPersonalData(v) : v);
  const notes: string[] = [];
  const gaps: string[] = [];
  const turns: ScenarioTurn[] = [];
  const steps = path.steps;
  for (let k = 0; k + 1 < steps.length; k++) {
    const step = steps[k]!;
    const node = flow.nodes[flow.indexOf.get(step.nodeId)!]!.node;
    const said = step.turns
      .filter((t) => t.role === "user")
      .map((t) => text(t.text.trim()))
      .filter((t) => t !== "");
    if (said.length === 0 && isAutomatic(node)) continue;
    if (said.length === 0)
      gaps.push(`the call left "${step.name}" (${step.nodeId}) for ${steps[k + 1]!.nodeId} without a caller turn in the transcript: written with empty words`);
    const turn: ScenarioTurn = { user: said.join(" "), take: steps[k + 1]!.nodeId };
    const vars: Record<string, unknown> = {};
    for (const out of getNodeOutputs(node).names) {
      const v = path.variables[out.name];
      if (out.source === "extractVars" && v !== undefined && v !== null && v !== "") vars[out.name] = value(v);
    }
    if (Object.keys(vars).length > 0) turn.vars = vars;
    // The node the call waited at next: past the steps the simulator leaves by itself.
    let j = k + 1;
    while (j + 1 < steps.length && steps[j]!.turns.every((t) => t.role !== "user") && isAutomatic(flow.nodes[flow.indexOf.get(steps[j]!.nodeId)!]!.node)) j++;
    turn.expect = { node: steps[j]!.nodeId };
    turns.push(turn);
  }
  // A call record holds no webhook answers (pathway_info's content is not documented), a v2 trace does: each webhook on
  // the path answers as it did in the call, else 200 with an empty body, which the simulator follows by the way the
  // call took when that way is an edge.
  const webhooks: Record<string, { status: number; body?: unknown }> = {};
  for (const step of steps) {
    const node = flow.nodes[flow.indexOf.get(step.nodeId)!]!.node;
    // A node that runs a request is a webhook the simulator will call: it needs an answer.
    if (getNodeType(node.type)?.flow.runs !== "request" || webhooks[step.nodeId] !== undefined) continue;
    const answer = getRecordedAnswer(step);
    if (answer === undefined) {
      webhooks[step.nodeId] = { status: 200, body: {} };
      notes.push(`the answer of webhook "${step.name}" (${step.nodeId}) is not in the record: mocked as 200 with an empty body`);
    } else if (typeof answer === "string") {
      webhooks[step.nodeId] = { status: 200, body: {} };
      notes.push(`the answer of webhook "${step.name}" (${step.nodeId}) ${answer}: mocked as 200 with an empty body`);
    } else {
      webhooks[step.nodeId] = { status: answer.status, ...(answer.body === undefined ? {} : { body: value(answer.body) }) };
      notes.push(
        `webhook "${step.name}" (${step.nodeId}) answers ${answer.status} as it did in the call (its event trace)${steps.filter((s) => s.nodeId === step.nodeId).length > 1 ? ", each time it runs" : ""}`,
      );
    }
  }
  const last = steps[steps.length - 1];
  const ended = last !== undefined && getExitKind(flow, flow.indexOf.get(last.nodeId)!) === "end-call";
  const scenario: Scenario = {
    name: `call ${path.callId}`,
    description: `Made from call ${path.callId} by \`pathway scenarios from-call\`: the caller's words, along the path the call took.`,
    pathway: options.pathwayRef,
    decider: "scripted",
    ...(options.requestData && Object.keys(options.requestData).length > 0 ? { request_data: value(options.requestData) as Record<string, unknown> } : {}),
    ...(Object.keys(webhooks).length > 0 ? { webhooks } : {}),
    turns,
    expect: { path: steps.map((s) => s.nodeId), ...(ended ? { ended: true } : {}) },
  };
  return { scenario, gaps, notes };
}
