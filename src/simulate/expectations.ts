// The checks of a scenario run: expectations on a state (node, said, vars, status, path...), failed decisions, unset-variable warnings and the final state.
import { getVisitedPath } from "./transition.js";
import { getSimNodeName, matchesNode, type Simulator } from "./machine.js";
import type { FinalState, ScenarioFailure } from "./result.js";
import type { EndExpect, TextExpect, TurnExpect } from "./scenario.js";
import { compileTextPattern } from "./text-pattern.js";
import type { SimState, TraceEvent } from "./types.js";
import { getVariable } from "./variables.js";

function loose(expected: unknown, actual: unknown): boolean {
  if (expected === actual) return true;
  const primitive = (v: unknown) => v === null || ["string", "number", "boolean"].includes(typeof v);
  if (primitive(expected) && primitive(actual)) return String(expected) === String(actual);
  if (Array.isArray(expected) && Array.isArray(actual)) return expected.length === actual.length && expected.every((e, i) => loose(e, actual[i]));
  if (expected && actual && typeof expected === "object" && typeof actual === "object" && !Array.isArray(expected) && !Array.isArray(actual)) {
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    const keys = new Set([...Object.keys(e), ...Object.keys(a)]);
    return [...keys].every((k) => loose(e[k], a[k]));
  }
  return false;
}

function checkText(expect: TextExpect, said: string): string | undefined {
  if (typeof expect === "string") return said.toLowerCase().includes(expect.toLowerCase()) ? undefined : `to contain ${JSON.stringify(expect)}`;
  if (expect.contains !== undefined && !said.toLowerCase().includes(expect.contains.toLowerCase())) return `to contain ${JSON.stringify(expect.contains)}`;
  if (expect.matches !== undefined) {
    const pattern = compileTextPattern(expect.matches);
    if (!pattern.ok) return `to match /${expect.matches}/, but ${pattern.message}`;
    if (!pattern.test(said)) return `to match /${expect.matches}/`;
  }
  if (expect.equals !== undefined && said !== expect.equals) return `to equal ${JSON.stringify(expect.equals)}`;
  return undefined;
}

/** A node as messages name it: `"Name" (id x)`, `id x`, or `(none)`. */
export function nodeLabel(sim: Simulator, id: string | undefined): string {
  if (id === undefined) return "(none)";
  const name = getSimNodeName(sim.nodes.get(id));
  return name ? `"${name}" (id ${id})` : `id ${id}`;
}

/** Where the conversation ended up, as a result reports it. */
export function toFinal(sim: Simulator, state: SimState): FinalState {
  const nodeName = getSimNodeName(state.nodeId === undefined ? undefined : sim.nodes.get(state.nodeId));
  return {
    status: state.status,
    ...(state.nodeId !== undefined && { nodeId: state.nodeId }),
    ...(nodeName !== undefined && { nodeName }),
    ...(state.reason !== undefined && { reason: state.reason }),
    ...(state.transferNumber !== undefined && { transferNumber: state.transferNumber }),
    ...(state.transferPathwayId !== undefined && { transferPathwayId: state.transferPathwayId }),
    turns: state.turn,
    variables: { ...state.variables },
  };
}

function unknownNode(sim: Simulator, ref: string): boolean {
  if (sim.nodes.has(ref)) return false;
  for (const node of sim.nodes.values()) if (matchesNode(node, ref)) return false;
  return true;
}

/** A failed expectation before it gets its place: `key` is its path under `expect`. */
export type Check = Omit<ScenarioFailure, "pointer" | "turn"> & { key: string };

/** Checks a turn's (or the end's) expectations on the state; returns failures without place information. */
export function checkExpect(sim: Simulator, state: SimState, expect: TurnExpect & EndExpect, events: readonly TraceEvent[] | undefined): Check[] {
  const failures: Check[] = [];
  const here = state.nodeId === undefined ? undefined : sim.nodes.get(state.nodeId);
  if (expect.node !== undefined) {
    if (unknownNode(sim, expect.node))
      failures.push({
        key: "node",
        message: `expect.node: "${expect.node}" is not a node of the pathway (by id or name)`,
        expected: expect.node,
        actual: nodeLabel(sim, state.nodeId),
      });
    else if (!matchesNode(here, expect.node))
      failures.push({
        key: "node",
        message: `expected to be at "${expect.node}", but the conversation is at ${nodeLabel(sim, state.nodeId)}`,
        expected: expect.node,
        actual: nodeLabel(sim, state.nodeId),
      });
  }
  if (expect.said !== undefined) {
    const said = (events ?? state.trace).flatMap((e) => (e.type === "say" ? [e.text] : [])).join("\n");
    const problem = checkText(expect.said, said);
    if (problem) failures.push({ key: "said", message: `expected what the agent said ${problem}`, expected: expect.said, actual: said });
  }
  for (const [name, value] of Object.entries(expect.vars ?? {})) {
    const actual = getVariable(state.variables, name);
    if (!loose(value, actual))
      failures.push({
        key: `vars/${name}`,
        message: `expected variable ${name} to be ${JSON.stringify(value)}, but it is ${actual === undefined ? "unset" : JSON.stringify(actual)}`,
        expected: value,
        actual: actual ?? null,
      });
  }
  if (expect.status !== undefined && state.status !== expect.status) {
    failures.push({
      key: "status",
      message: `expected the conversation to be ${expect.status}, but it is ${state.status}${state.reason ? ` (${state.reason})` : ""}`,
      expected: expect.status,
      actual: state.status,
    });
  }
  if (expect.stayed !== undefined && events) {
    const moved = events.some((e) => e.type === "move");
    if (moved === expect.stayed)
      failures.push({
        key: "stayed",
        message: expect.stayed ? `expected to stay, but the turn moved to ${nodeLabel(sim, state.nodeId)}` : "expected to move, but the turn stayed",
        expected: expect.stayed,
        actual: !moved,
      });
  }
  if (expect.ended !== undefined && (state.status === "ended") !== expect.ended) {
    failures.push({
      key: "ended",
      message: expect.ended
        ? `expected the call to end, but it is ${state.status}${state.reason ? ` (${state.reason})` : ` at ${nodeLabel(sim, state.nodeId)}`}`
        : "expected the call not to end, but it ended",
      expected: expect.ended,
      actual: state.status === "ended",
    });
  }
  if (expect.transferred_to !== undefined && (state.status !== "transferred" || state.transferNumber !== expect.transferred_to)) {
    failures.push({
      key: "transferred_to",
      message:
        state.status === "transferred"
          ? `expected a transfer to ${expect.transferred_to}, but it went to ${state.transferNumber}`
          : `expected a transfer to ${expect.transferred_to}, but the conversation is ${state.status} at ${nodeLabel(sim, state.nodeId)}`,
      expected: expect.transferred_to,
      actual: state.transferNumber ?? null,
    });
  }
  if (expect.transferred_to_pathway !== undefined && (state.status !== "transferred" || state.transferPathwayId !== expect.transferred_to_pathway)) {
    const actual = state.transferPathwayId ?? null;
    failures.push({
      key: "transferred_to_pathway",
      message:
        state.status === "transferred"
          ? `expected the call to be handed to pathway ${expect.transferred_to_pathway}, but it went to ${actual === null ? (state.transferNumber ?? "no pathway") : `pathway ${actual}`}`
          : `expected the call to be handed to pathway ${expect.transferred_to_pathway}, but the conversation is ${state.status} at ${nodeLabel(sim, state.nodeId)}`,
      expected: expect.transferred_to_pathway,
      actual,
    });
  }

  const path = expect.path !== undefined || expect.path_contains !== undefined ? getVisitedPath(state.trace) : [];
  if (expect.path !== undefined) {
    const ok = path.length === expect.path.length && expect.path.every((ref, i) => matchesNode(sim.nodes.get(path[i]!), ref));
    if (!ok)
      failures.push({
        key: "path",
        message: "the visited path differs",
        expected: expect.path,
        actual: path.map((id) => getSimNodeName(sim.nodes.get(id)) ?? id),
      });
  }
  if (expect.path_contains !== undefined) {
    let i = 0;
    for (const id of path) if (i < expect.path_contains.length && matchesNode(sim.nodes.get(id), expect.path_contains[i]!)) i++;
    if (i < expect.path_contains.length)
      failures.push({
        key: "path_contains",
        message: `the visited path does not pass through "${expect.path_contains[i]}" in the expected order`,
        expected: expect.path_contains,
        actual: path.map((id) => getSimNodeName(sim.nodes.get(id)) ?? id),
      });
  }
  return failures;
}

/** A failed or tied decision that stood: only the turn's last decision counts (a global node's return re-decides). */
export function decisionProblems(events: readonly TraceEvent[]): string[] {
  const last = events.findLast((e) => e.type === "decide");
  return last && last.type === "decide" && (last.decision.kind === "error" || last.decision.kind === "ambiguous")
    ? [`${last.decider} decider: ${last.decision.reason}`]
    : [];
}

/** Warnings for variables a node used before they were set (once per node and variable). */
export function collectWarnings(sim: Simulator, trace: readonly TraceEvent[]): string[] {
  const seen = new Set<string>();
  const warnings: string[] = [];
  for (const e of trace) {
    if ((e.type !== "say" && e.type !== "webhook") || e.unset.length === 0) continue;
    for (const name of e.unset) {
      if (name === "prevNodePrompt" || name === "lastUserMessage") continue;
      const key = `${e.nodeId}\u0000${name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      warnings.push(`{{${name}}} was not set when ${nodeLabel(sim, e.nodeId)} ${e.type === "say" ? "spoke" : "called its webhook"} (turn ${e.turn})`);
    }
  }
  return warnings;
}
