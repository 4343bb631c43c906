// The option table, part four: running a pathway (scenarios, chat, the LLM decider, the MCP server) and reading its calls (fetch, listen, replay, stats).
import { CALL_LISTENER_DEFAULTS as LISTENER, DEFAULT_MAX_SCENARIO_FILES } from "../../engine/calls/limits.js";
import { DEFAULT_SECRET_HEADER } from "../../engine/http/secret-names.js";
import { DEFAULT_TOKEN_BUDGET } from "../../engine/scenarios/limits.js";
import { parseByteSize } from "./byte-size.js";
import { defineOption } from "./define.js";
import { parseDuration } from "./duration.js";
import { collectHost, parseCount, parseHeaderName, parseModelName, parseWholeNumber } from "./parsers.js";

/** Where the providers' keys come from, as the caller model's help says it. */
const KEYS = "; keys and endpoints come from OPENAI_API_KEY, OPENAI_BASE_URL, ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL";

/** Where `calls listen` reads the secret from when --secret is not given: out of shell history and the process list. */
export const WEBHOOK_SECRET_ENV = "PATHWAYKIT_WEBHOOK_SECRET";

const MIB = 1024 * 1024;

/** How a command uses `--pathway`: what the pathway is to it, whether it must be given, and whether remote:<id> is accepted. */
export interface PathwayUse {
  /** Said after "the pathway" (`the calls ran on`). */
  is: string;
  required?: boolean;
  remote?: boolean;
  default?: string;
}

/** The flags of scenario runs, chats, the LLM decider and call records. */
export const RUNS_OPTIONS = {
  decider: defineOption("--decider <name>", ({ in: where }: { in: "chat" | "scenarios" }) => ({
    choices: ["keyword", "scripted", "llm"],
    ...(where === "chat"
      ? { description: "how your turns choose an edge", default: "keyword" }
      : { description: "decide turns without take: this way in every scenario" }),
  })),
  liveWebhooks: defineOption("--live-webhooks", ({ in: where }: { in: "chat" | "scenarios" }) => ({
    description: `call real webhook URLs${where === "scenarios" ? " for webhooks the scenario does not mock (off by default: mocks only)" : " (default: every webhook answers 200 with an empty body)"}`,
  })),
  compare: defineOption("--compare", () => ({ description: "run offline and live, and show per turn where the live agent parts from the offline prediction" })),
  minCoverage: defineOption("--min-coverage <spec>", () => ({ description: "fail (exit 1) below these percentages, e.g. nodes=90,edges=80,globals=100" })),
  llmBaseUrl: defineOption("--llm-base-url <url>", () => ({
    description: "OpenAI-compatible endpoint for --decider llm (default: $PATHWAYKIT_LLM_BASE_URL)",
    env: "PATHWAYKIT_LLM_BASE_URL",
  })),
  llmModel: defineOption("--llm-model <name>", () => ({
    description: "model for --decider llm (default: $PATHWAYKIT_LLM_MODEL); the key comes from $PATHWAYKIT_LLM_API_KEY",
    env: "PATHWAYKIT_LLM_MODEL",
  })),
  requestData: defineOption("--request-data <json>", () => ({ description: "variables known at the start, as a JSON object" })),
  full: defineOption("--full", () => ({ description: "print whole prompts (default: the first 300 characters)" })),
  maxTurns: defineOption("--max-turns <n>", ({ for: use }: { for: "generate" | "personas" }) =>
    use === "generate"
      ? { description: "longest scenario, in turns", parse: parseCount, default: 12 }
      : { description: "most turns of any persona scenario (a cap on its max_turns, default 20)", parse: parseWholeNumber(1, 1_000) },
  ),
  callerModel: defineOption("--caller-model <provider:model>", () => ({
    description: `the model that plays a persona's caller: openai:<model> or anthropic:<model> (default: models.caller in pathway.config.json)${KEYS}`,
    parse: parseModelName,
  })),
  judgeModel: defineOption("--judge-model <provider:model>", () => ({
    description: "the model that judges a persona's conversation, one request per criterion (default: models.judge, else the caller's model)",
    parse: parseModelName,
  })),
  agentModel: defineOption("--agent-model <provider:model>", () => ({
    description: "offline: the model that plays the agent from each node's text or prompt, and routes (default: models.agent)",
    parse: parseModelName,
  })),
  record: defineOption("--record <dir>", () => ({ description: "store every model exchange in this folder, keyed by a hash of the request (never a key)" })),
  replay: defineOption("--replay <dir>", () => ({
    description: "answer every model request from --record's folder, with no network; a request it does not hold makes its scenario could-not-run (exit 2)",
  })),
  modelTimeout: defineOption("--model-timeout <duration>", () => ({
    description: "give up on one model request after this long: 60s, 2m (a bare number is seconds)",
    parse: parseDuration(),
    default: 60_000,
    defaultText: "60s",
  })),
  tokenBudget: defineOption("--token-budget <n>", () => ({
    description: "tokens (input and output) all model requests of the run may use; past it, the runs left are reported as not run",
    parse: parseWholeNumber(1),
    default: DEFAULT_TOKEN_BUDGET,
    defaultText: "2000000",
  })),
  personas: defineOption("--personas <n>", () => ({
    description: "write n persona scenarios (callers of different temperaments, written by --caller-model) instead of scripted ones",
    parse: parseWholeNumber(1, 100),
  })),
  maxScenarios: defineOption("--max-scenarios <n>", () => ({ description: "most scenarios written", parse: parseCount, default: 1000 })),
  pathway: defineOption("--pathway <file>", (use: PathwayUse) => ({
    description: `the pathway ${use.is}${use.default ? ` (default: ${use.default})` : ""}`,
    ...(use.remote && { value: "file|remote:id" }),
    ...(use.required && { required: true }),
  })),
  since: defineOption("--since <date>", () => ({
    description: "with no ids: calls from this date on (sent as start_date, as real clients do; the list endpoint is not in the API reference)",
  })),
  mask: defineOption("--mask", () => ({
    description: "mask phone numbers, emails and the number fields in the files written (default: records as the service gave them)",
  })),
  events: defineOption("--events", () => ({
    description: "also read each pathway call's event trace (GET /v1/pathway_calls/{id}?v=2) into its file, as pathway_events",
  })),
  noMask: defineOption("--no-mask", () => ({ description: "keep phone numbers and emails in the scenarios (masked by default)" })),
  maxCalls: defineOption("--max-calls <n>", ({ for: use }: { for: "fetch" | "listen" }) =>
    use === "fetch"
      ? { description: "most calls read from the list", parse: parseWholeNumber(1, 1_000_000), default: 1000 }
      : { description: "stop after this many records", parse: parseWholeNumber(1, 10_000_000), default: LISTENER.maxCalls },
  ),
  maxDiverged: defineOption("--max-diverged <n>", () => ({ description: "exit 1 when more than this many calls diverge", parse: parseCount, default: 0 })),
  maxFiles: defineOption("--max-files <n>", () => ({
    description: "write at most this many files; the calls past it are counted and left out",
    parse: parseWholeNumber(1, 10_000_000),
    default: DEFAULT_MAX_SCENARIO_FILES,
  })),
  maxBody: defineOption("--max-body <size>", () => ({
    description: `largest body accepted (default ${LISTENER.maxBodyBytes / MIB}MB); larger ones are answered 413`,
    parse: parseByteSize,
  })),
  maxConnections: defineOption("--max-connections <n>", () => ({
    description: "connections open at once; more are closed unanswered",
    parse: parseWholeNumber(1, 10_000),
    default: LISTENER.maxConnections,
  })),
  maxInFlight: defineOption("--max-in-flight <size>", () => ({
    description: "bytes of bodies read at once; past it requests are answered 503",
    parse: parseByteSize,
    default: LISTENER.maxBytesInFlight,
    defaultText: `${LISTENER.maxBytesInFlight / MIB}MB`,
  })),
  allowHost: defineOption("--allow-host <host>", () => ({
    description: "also answer requests with this Host (a tunnel's public name, as it sends it); repeatable",
    parse: collectHost,
    default: [],
    defaultText: "none",
  })),
  secret: defineOption("--secret <value>", () => ({
    description: `refuse requests whose secret header does not hold this (prefer ${WEBHOOK_SECRET_ENV})`,
    env: WEBHOOK_SECRET_ENV,
  })),
  secretHeader: defineOption("--secret-header <name>", () => ({
    description: "the header that carries the secret",
    parse: parseHeaderName,
    default: DEFAULT_SECRET_HEADER,
  })),
  kind: defineOption("--kind <kind>", ({ kinds }: { kinds: readonly string[] }) => ({
    description: "the request kind (default: from the name <name>.<kind>.request.json, else from the fields)",
    choices: kinds,
  })),
  importFrom: defineOption("--import-from <specifier>", () => ({ description: "module the generated code imports the builder from", default: "pathwaykit" })),
  stdio: defineOption("--stdio", () => ({ description: "talk over standard input and output (the default, and the only transport; LSP clients pass it)" })),
  // pathway mcp: where the server reads, and what it may do beyond reading.
  root: defineOption("--root <dir>", () => ({
    description: "the project root, the one folder tools read (default: the working directory); for clients that start servers elsewhere",
  })),
  allowWrite: defineOption("--allow-write", () => ({
    description: "offer the tools that write files: fix (lint --fix), write_scenarios and build (which runs the modules' code)",
  })),
  allowRemote: defineOption("--allow-remote", () => ({
    description:
      "offer the tools that reach the service: run_scenarios_live, and with --allow-write fetch and push_draft; diff and check_request may then name remote:<id>",
  })),
};
