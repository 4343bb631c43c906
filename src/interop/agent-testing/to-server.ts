// A persona scenario file as the service's Agent Testing scenario: the documented fields it maps to, and what it says that no documented field carries.
import type { Scenario } from "../../simulate/scenario.js";

/** A node of the local pathway file: its id (what the service keys on) and name. */
export interface NodeRef {
  id: string;
  name?: string;
}

/** The service's documented maximum of `max_turns`. */
export const SERVER_MAX_TURNS = 50;

/** `max_turns` when the file sets none: the service's documented default, and a persona run's here. */
export const SERVER_DEFAULT_TURNS = 20;

/**
 * The threshold sent for a judge that sets none: a judge becomes `LLM_JUDGE {prompt, output_type: "score", threshold}`
 * (the one config shape the documentation shows, with 0.7 in its example), and a score needs a threshold to pass.
 */
export const DEFAULT_JUDGE_THRESHOLD = 0.7;

/** Names pathwaykit gives the assertions it sends: `expect.node: <node>` and `judge <n>: <criterion>`. */
export const OWN_ASSERTION_NAME = /^(?:expect\.node|judge \d+): /;

/** A place in the scenario file and what is said of it. */
export interface ScenarioNote {
  /** RFC 6901 pointer into the scenario file. */
  pointer: string;
  message: string;
}

/** An assertion pathwaykit sends, with the place in the file it comes from. */
export interface OwnAssertion {
  name: string;
  pointer: string;
  type: "NODE_REACHED" | "LLM_JUDGE";
  config: Record<string, unknown>;
}

/** A scenario file as the service's scenario. */
export interface ServerScenarioDraft {
  /** Every field pathwaykit manages, as a create sends them (pathway_id and the promotion gate are the caller's to add). */
  body: Record<string, unknown>;
  assertions: OwnAssertion[];
  /** What the file says that no documented field carries: not sent (pathway test checks it here). */
  notSent: ScenarioNote[];
  /** What stops the scenario from being pushed. */
  problems: ScenarioNote[];
}

/** What a file key that has no documented counterpart is, in words, by its pointer. */
const NOT_SENT: Record<string, string> = {
  "/call": "the simulated call's system variables; the service's test call has its own",
  "/webhooks": "webhook answers; the service's test call reaches the real webhooks",
  "/mocks": "shared webhook answers; the service's test call reaches the real webhooks",
  "/expect/vars": "no documented assertion shape (VARIABLE_EXTRACTED's config is not documented)",
  "/expect/path": "no documented assertion shape (NODES_VISITED's and TRAVERSAL_MATCH's configs are not documented)",
  "/expect/path_contains": "no documented assertion shape (NODES_VISITED's and TRAVERSAL_MATCH's configs are not documented)",
  "/expect/status": "no documented assertion checks how the call ended",
  "/expect/ended": "no documented assertion checks how the call ended",
  "/expect/transferred_to": "no documented assertion checks a transfer",
  "/expect/transferred_to_pathway": "no documented assertion checks a transfer",
};

/** `text` on one line, at most `max` characters. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The value at a pointer of the form `/key` or `/key/sub`. */
function at(scenario: Record<string, unknown>, pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .reduce<unknown>((value, key) => (value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined), scenario);
}

/**
 * The service's scenario for a persona scenario file (one with `persona:`): `persona` as tester_persona_prompt (and
 * tester_persona_name), `max_turns` (default 20, at most 50), `request_data`, `start:` as start_node_id (a node id,
 * resolved through the local pathway file), `expect.node` as `NODE_REACHED {node_id}` and each judge as
 * `LLM_JUDGE {prompt, output_type: "score", threshold}`. What has no documented shape is listed in `notSent`.
 */
export function toServerScenario(scenario: Scenario, name: string, resolveNode: (ref: string) => NodeRef | undefined): ServerScenarioDraft {
  const notSent: ScenarioNote[] = [];
  const problems: ScenarioNote[] = [];
  const persona = scenario.persona;
  if (persona === undefined)
    return {
      body: {},
      assertions: [],
      notSent,
      problems: [{ pointer: "/persona", message: "only persona scenarios run on the service (a scripted scenario's turns have no documented field)" }],
    };
  const node = (ref: string, pointer: string, what: string): NodeRef | undefined => {
    const found = resolveNode(ref);
    if (!found)
      problems.push({ pointer, message: `${what} ${JSON.stringify(ref)} is no node of the pathway file (or names several); the service needs a node id` });
    return found;
  };
  const turns = scenario.max_turns ?? SERVER_DEFAULT_TURNS;
  if (turns > SERVER_MAX_TURNS) problems.push({ pointer: "/max_turns", message: `max_turns ${turns} is over the service's ${SERVER_MAX_TURNS}` });
  const start = scenario.start === undefined ? undefined : node(scenario.start, "/start", "start:");
  const assertions: OwnAssertion[] = [];
  if (scenario.expect?.node !== undefined) {
    const reached = node(scenario.expect.node, "/expect/node", "expect.node");
    if (reached)
      assertions.push({
        name: `expect.node: ${clip(reached.name ?? reached.id, 80)}`,
        pointer: "/expect/node",
        type: "NODE_REACHED",
        config: { node_id: reached.id },
      });
  }
  for (const [i, judge] of (scenario.judges ?? []).entries()) {
    const criterion = typeof judge === "string" ? judge : judge.criterion;
    const threshold = typeof judge === "string" ? undefined : judge.threshold;
    assertions.push({
      name: `judge ${i + 1}: ${clip(criterion, 80)}`,
      pointer: `/judges/${i}`,
      type: "LLM_JUDGE",
      config: { prompt: criterion, output_type: "score", threshold: threshold ?? DEFAULT_JUDGE_THRESHOLD },
    });
  }
  for (const [pointer, message] of Object.entries(NOT_SENT))
    if (at(scenario as Record<string, unknown>, pointer) !== undefined)
      notSent.push({ pointer, message: `${pointer.slice(1).replace("/", ".")}: ${message}; not sent` });
  const body: Record<string, unknown> = {
    name,
    scenario_type: "AGENT",
    ...(scenario.description !== undefined && { description: scenario.description }),
    tester_persona_prompt: typeof persona === "string" ? persona : persona.prompt,
    ...(typeof persona !== "string" && { tester_persona_name: persona.name }),
    max_turns: turns,
    request_data: scenario.request_data ?? {},
    start_node_id: start?.id ?? null,
    assertions: assertions.map((a) => ({ type: a.type, name: a.name, is_required: true, config: a.config })),
  };
  return { body, assertions, notSent, problems };
}
