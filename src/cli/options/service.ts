// The option table, part two: the service (API root, timeouts, retries, caps), the remote pathway and its saved versions, and live runs.
import { DEFAULT_MAX_RESPONSE_BYTES } from "../../remote/read-body.js";
import { CALL_LISTENER_DEFAULTS } from "../../engine/calls/limits.js";
import { MAX_REPEAT } from "../../engine/scenarios/limits.js";
import { parseByteSize } from "./byte-size.js";
import { defineAlias, defineOption, type OptionSpec } from "./define.js";
import { parseDuration } from "./duration.js";
import { parseRate, parseVersion, parseWholeNumber } from "./parsers.js";

/** Environment variable for the service's API root (`--base-url` wins; the remote settings read it). */
const BASE_URL_ENV = "PATHWAYKIT_BASE_URL";

/** Environment variable for the answer cap (`--max-response` wins). */
export const MAX_RESPONSE_SIZE_ENV = "PATHWAYKIT_MAX_RESPONSE_SIZE";

const MIB = 1024 * 1024;

/** A precondition said first: "with --live: ...". */
function withFlag(flag: string | undefined): string {
  return flag ? `with ${flag}: ` : "";
}

/** How a command names the remote pathway `--pathway-id` sets: the flag it needs, what it is for, and its default. */
export interface PathwayIdUse {
  /** The flag it applies with (`--live`). */
  with?: string;
  /** Whose remote pathway (`a file pathwaykit.manifest.json does not track`). */
  of?: string;
  /** What the id is for (`calls of other pathways are skipped`). */
  so?: string;
  /** The pathway used without the flag; false when there is none. Default: the file's entry in the manifest. */
  default?: string | false;
}

/** The flags of the service, of remote pathways and their versions, and of live runs. */
export const SERVICE_OPTIONS = {
  baseUrl: defineOption("--base-url <url>", () => ({
    description: `API root (default: $${BASE_URL_ENV}, the manifest's baseUrl, or https://api.bland.ai)`,
    env: BASE_URL_ENV,
  })),
  endpoint: defineOption("--endpoint <name>", () => ({
    description: "read endpoint: convo (GET /v1/convo_pathway/{id}) or pathway (GET /v1/pathway/{id})",
    choices: ["convo", "pathway"],
  })),
  /** One duration parser; what the timeout bounds, its default and its limit differ by use. */
  timeout: defineOption("--timeout <duration>", ({ of }: { of: "request" | "image" | "layout" | "listen" | "tool" }) => {
    const uses = {
      /** A bare number above 300 is refused: this flag took milliseconds before it took durations. */
      request: { says: "per-attempt timeout", examples: "30s, 500ms, 2m", parse: parseDuration(300), default: 30_000, defaultText: "30s" },
      image: {
        says: "give up on one image's layout or render after this long",
        examples: "90s, 3m",
        parse: parseDuration(),
        default: 180_000,
        defaultText: "3m",
      },
      layout: { says: "give up on the layout after this long", examples: "90s, 3m", parse: parseDuration(), default: 180_000, defaultText: "3m" },
      listen: {
        says: "longest wait for the headers, and between bytes of a body",
        examples: "10s, 500ms",
        parse: parseDuration(),
        default: CALL_LISTENER_DEFAULTS.timeoutMs,
        defaultText: `${CALL_LISTENER_DEFAULTS.timeoutMs / 1000}s`,
      },
      tool: { says: "give up on one tool call after this long", examples: "30s, 5m", parse: parseDuration(), default: 120_000, defaultText: "2m" },
    };
    const { says, examples, ...rest } = uses[of];
    return { description: `${says}: ${examples} (a bare number is seconds; at most 24h)`, ...rest };
  }),
  retries: defineOption("--retries <n>", () => ({
    description: "retries on network errors, timeouts, 429 and 5xx (at most 20)",
    parse: parseWholeNumber(0, 20),
    default: 3,
  })),
  maxResponse: defineOption("--max-response <size>", () => ({
    description: `largest answer accepted, decompressed (default: $${MAX_RESPONSE_SIZE_ENV} or ${DEFAULT_MAX_RESPONSE_BYTES / MIB}MB)`,
    parse: parseByteSize,
    env: MAX_RESPONSE_SIZE_ENV,
  })),
  concurrency: defineOption("--concurrency <n>", (use: { of: string; with?: string; note?: string }) => ({
    description: `${withFlag(use.with)}${use.of} at a time${use.note ? `, ${use.note}` : ""}`,
    parse: parseWholeNumber(1),
    default: 4,
  })),
  pathwayId: defineOption("--pathway-id <id>", (use: PathwayIdUse = {}) => ({
    description: `${withFlag(use.with)}the remote pathway${use.of ? ` of ${use.of}` : ""}${use.so ? `, so ${use.so}` : ""}${use.default === false ? "" : ` (default: ${use.default ?? "the file's entry in pathwaykit.manifest.json"})`}`,
  })),
  /** The release commands' first spelling of --pathway-id. */
  id: defineAlias("--id <id>", "pathwayId"),
  /** A saved version: to chat with, to promote, or whose calls to count; each use accepts the forms that make sense there. */
  pathwayVersion: defineOption("--pathway-version <version>", ({ for: use, with: flag }: { for: "chat" | "promote" | "count"; with?: string }) => {
    const uses = {
      chat: {
        description: "chat with this saved version: a number, draft (the manifest's), production or staging",
        parse: parseVersion(["draft", "production", "staging"]),
      },
      promote: { description: "the version to promote: a number, or draft (the file's draft in the manifest; the default)", parse: parseVersion(["draft"]) },
      count: { description: "count only calls of this saved version (others are reported as not mapped)", parse: parseVersion([]) },
    } satisfies Record<string, OptionSpec>;
    return { ...uses[use], description: `${withFlag(flag)}${uses[use].description}` };
  }),
  to: defineOption("--to <n>", () => ({
    description: "the version to promote (default: the one promoted before the current, from the manifest's record)",
    parse: parseVersion([]),
  })),
  environment: defineOption("--environment <name>", ({ to }: { to: "promote to" | "roll back" }) => ({
    description: `the environment to ${to}`,
    choices: ["production", "staging"],
    default: "production",
  })),
  live: defineOption("--live", ({ does, instead = "the simulator" }: { does: string; instead?: string }) => ({
    description: `${does} instead of ${instead} (needs PATHWAYKIT_API_KEY)`,
  })),
  limit: defineOption("--limit <n>", ({ for: use }: { for: "versions" | "log" }) =>
    use === "log"
      ? { description: "only the newest n versions (n reads, n-1 diffs)", parse: parseWholeNumber(2), default: 20 }
      : { description: "with a file: compare the newest n versions with it", parse: parseWholeNumber(1), default: 20 },
  ),
  includeLayout: defineOption("--include-layout", ({ does }: { does: "compare" | "count" }) => ({
    description: `also ${does} layout and editor-only changes (positions, edge ids, label placement...)`,
  })),
  draft: defineOption("--draft", () => ({
    description: "upload as a version callers do not reach yet (the manifest's draft, updated in place), not the live pathway",
  })),
  name: defineOption("--name <text>", () => ({
    description: "with --draft: the version's name (default: the draft's recorded name, else the pathway's name)",
  })),
  newVersion: defineOption("--new-version", () => ({ description: "with --draft: upload a new version even when the manifest records a draft" })),
  validate: defineOption("--no-validate", () => ({ description: "push even when `pathway validate` finds errors" })),
  manifest: defineOption("--no-manifest", () => ({ description: "do not read or update pathwaykit.manifest.json" })),
  outDir: defineOption("--out-dir <dir>", () => ({
    description: "directory for new files, named <id>.json (characters other than letters, digits, _ - . as %XX)",
    default: "pathways",
  })),
  requirePass: defineOption("--require-pass <scenarios...>", () => ({
    description: "run these scenario files (or folders, globs) live against the version first; promote only when all pass",
  })),
  repeat: defineOption("--repeat <n>", (use: { with?: string; and?: string } = {}) => ({
    description: `${withFlag(use.with)}run each scenario n times (at most ${MAX_REPEAT.toLocaleString("en-US")})${use.and ? ` and ${use.and}` : ""}`,
    parse: parseWholeNumber(1, MAX_REPEAT),
    default: 1,
  })),
  minPassRate: defineOption("--min-pass-rate <rate>", ({ with: flag }: { with: string }) => ({
    description: `${withFlag(flag)}the share of its runs a scenario must pass (0..1, default 1)`,
    parse: parseRate,
  })),
};
