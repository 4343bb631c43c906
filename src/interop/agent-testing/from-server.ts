// The service's Agent Testing scenario as a persona scenario file (what `scenarios pull` writes), and the assertions a file cannot hold.
import { isObject } from "../../model/pathway.js";
import type { Scenario } from "../../simulate/scenario.js";
import { DEFAULT_JUDGE_THRESHOLD, SERVER_DEFAULT_TURNS, type NodeRef } from "./to-server.js";

/** A scenario file made from the service's scenario, or why none can be. */
export type PulledScenario =
  | {
      scenario: Scenario;
      /** The service's assertions the file does not hold, each in words (its type and name). */
      notWritten: string[];
    }
  | { skipped: string };

/** Who the service's scenario is written for: the pathway file as the scenario file names it, and the file's nodes. */
export interface PullContext {
  /** `pathway:` of the file written (relative to where it is written). */
  pathway: string;
  /** The node of the local pathway file with this id. */
  nodeById(id: string): NodeRef | undefined;
  /** The node a reference (id or name) resolves to in the local pathway file, as a scenario's `start:` is read. */
  resolveNode(ref: string): NodeRef | undefined;
}

/** The node as a file names it: its name when that resolves back to it, else its id. */
function nodeRef(id: string, context: PullContext): string {
  const name = context.nodeById(id)?.name;
  return name !== undefined && context.resolveNode(name)?.id === id ? name : id;
}

/** A text field of the service's scenario, when it is a non-empty string. */
function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** An assertion in words for a list: its type and name. */
function describe(a: Record<string, unknown>): string {
  const name = text(a.name);
  return `${typeof a.type === "string" ? a.type : "an assertion"}${name === undefined ? "" : ` ${JSON.stringify(name)}`}`;
}

/**
 * A persona scenario file for the service's scenario: tester_persona_prompt (and _name) as `persona`, max_turns,
 * request_data, start_node_id as `start:` (the node's name when it names it alone in the local file), the first
 * `NODE_REACHED` as `expect.node` and each `LLM_JUDGE` as a judge (its threshold kept when not the default). Other
 * assertions are listed in `notWritten`; a scenario that is not an AGENT one, or has no tester persona, is skipped.
 */
export function fromServerScenario(server: Record<string, unknown>, context: PullContext): PulledScenario {
  const type = text(server.scenario_type) ?? "AGENT";
  if (type !== "AGENT") return { skipped: `a ${type} scenario (it replays recorded turns; a scenario file holds a persona)` };
  const prompt = text(server.tester_persona_prompt);
  if (prompt === undefined) return { skipped: "it has no tester persona prompt for a caller model to play" };
  const personaName = text(server.tester_persona_name);
  const notWritten: string[] = [];
  const judges: NonNullable<Scenario["judges"]> = [];
  let node: string | undefined;
  for (const a of Array.isArray(server.assertions) ? server.assertions.filter(isObject) : []) {
    const config = isObject(a.config) ? a.config : {};
    if (a.type === "NODE_REACHED" && node === undefined && typeof config.node_id === "string") node = nodeRef(config.node_id, context);
    else if (a.type === "LLM_JUDGE" && text(config.prompt) !== undefined) {
      const threshold =
        typeof config.threshold === "number" && config.threshold >= 0 && config.threshold <= 1 && config.threshold !== DEFAULT_JUDGE_THRESHOLD
          ? config.threshold
          : undefined;
      judges.push(threshold === undefined ? (config.prompt as string) : { criterion: config.prompt as string, threshold });
      if (config.output_type !== undefined && config.output_type !== "score")
        notWritten.push(`${describe(a)}: output_type ${JSON.stringify(config.output_type)} (written as a judge; a push sends it as a score)`);
    } else notWritten.push(`${describe(a)}${a.type === "NODE_REACHED" ? " (a file expects one node)" : ""}`);
  }
  const request = isObject(server.request_data) && Object.keys(server.request_data).length > 0 ? server.request_data : undefined;
  const turns = typeof server.max_turns === "number" && Number.isInteger(server.max_turns) && server.max_turns > 0 ? server.max_turns : undefined;
  const start = text(server.start_node_id);
  const scenario: Scenario = {
    ...(text(server.name) !== undefined && { name: server.name as string }),
    ...(text(server.description) !== undefined && { description: server.description as string }),
    pathway: context.pathway,
    decider: "scripted",
    turns: [],
    persona: personaName === undefined ? prompt : { name: personaName, prompt },
    ...(turns !== undefined && turns !== SERVER_DEFAULT_TURNS && { max_turns: turns }),
    ...(judges.length > 0 && { judges }),
    ...(request && { request_data: request }),
    ...(start !== undefined && { start: nodeRef(start, context) }),
    ...(node !== undefined && { expect: { node } }),
  };
  return { scenario, notWritten };
}
