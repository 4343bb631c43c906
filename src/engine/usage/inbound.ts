// The inbound numbers that answer with a pathway: the list, each number's configuration read with bounded concurrency, and each one that names the pathway checked.
import type { PathwayClient } from "../../remote/index.js";
import type { ConfigurationCheck } from "../../requests/configured.js";
import type { InboundUse, PathwayUsage, UsageProblem } from "../../format/usage.js";
import { mapPool } from "../../host/map-pool.js";
import type { ProgressEvent } from "../progress.js";
import { cut, type Shown } from "./shown.js";

/** What reading the numbers needs besides the client. */
export interface InboundReadOptions {
  /** The pathway id the configurations are matched against (`pathway_id`, trimmed). */
  id: string;
  concurrency: number;
  maxNumbers: number;
  shown: Shown;
  /** Checks a configuration that names the pathway. */
  check(record: Record<string, unknown>): ConfigurationCheck;
  onProgress?: (event: ProgressEvent) => void;
}

/** Longest phone_number read: E.164's 15 digits with room for spaces, dashes and parentheses. */
const MAX_NUMBER_LENGTH = 32;

/** Longest message kept of a failed read (the service's words are already cut; the URL is not). */
const MAX_MESSAGE_LENGTH = 500;

/** One configuration's outcome. */
type Outcome = { kind: "uses"; use: InboundUse } | { kind: "other" } | { kind: "none" } | { kind: "failed"; problem: UsageProblem };

/** `pathway_version` as a report keeps it: a number, or a string cut short; anything else is left out. */
function toPathwayVersion(value: unknown): number | string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  return typeof value === "string" && value.trim() !== "" ? cut(value, 40) : undefined;
}

/**
 * Lists the inbound numbers (GET /v1/inbound), then reads each one's configuration (GET /v1/inbound/{phone_number}:
 * the list form carries no `pathway_id`), `concurrency` at a time and at most `maxNumbers`, each with the client's
 * retries. A number whose read fails is reported and the others are still read; a failed list throws (RemoteError).
 */
export async function readInboundUses(client: PathwayClient, options: InboundReadOptions): Promise<PathwayUsage["inbound"]> {
  const { shown, id } = options;
  const list = await client.listInboundNumbers();
  const failed: UsageProblem[] = [];
  const numbers: string[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  for (const [i, entry] of list.numbers.entries()) {
    const number = typeof entry.phone_number === "string" ? entry.phone_number.trim() : "";
    if (number === "") failed.push({ subject: `inbound_numbers[${i}]`, message: "the list entry has no phone_number, so its configuration cannot be read." });
    // E.164 has at most 15 digits: a longer value is not a number, and would become a request path of any length.
    else if (number.length > MAX_NUMBER_LENGTH)
      failed.push({
        subject: `inbound_numbers[${i}]`,
        message: `the list entry's phone_number is not a phone number (${number.length} characters); not read.`,
      });
    else if (seen.has(number)) duplicates++;
    else {
      seen.add(number);
      numbers.push(number);
    }
  }
  if (list.skipped > 0) failed.push({ subject: "inbound_numbers", message: `${list.skipped} list entries are not objects.` });
  const toRead = numbers.slice(0, options.maxNumbers);
  let done = 0;
  const outcomes = await mapPool(toRead, options.concurrency, async (number): Promise<Outcome> => {
    const subject = shown.number(number);
    try {
      const { record } = await client.getInboundNumber(number);
      const named = typeof record.pathway_id === "string" ? record.pathway_id.trim() : "";
      if (named === "") return { kind: "none" };
      if (named !== id) return { kind: "other" };
      const version = toPathwayVersion(record.pathway_version);
      const findings = options.check(record).diagnostics.map(shown.finding);
      return { kind: "uses", use: { phoneNumber: subject, ...(version !== undefined && { pathwayVersion: version }), findings } };
    } catch (error) {
      return { kind: "failed", problem: { subject, message: shown.text(cut(error instanceof Error ? error.message : String(error), MAX_MESSAGE_LENGTH)) } };
    } finally {
      options.onProgress?.({ done: ++done, total: toRead.length, detail: subject });
    }
  });
  const uses: InboundUse[] = [];
  let withoutPathwayId = 0;
  let otherPathways = 0;
  for (const outcome of outcomes) {
    if (outcome.kind === "uses") uses.push(outcome.use);
    else if (outcome.kind === "none") withoutPathwayId++;
    else if (outcome.kind === "other") otherPathways++;
    else failed.push(outcome.problem);
  }
  const listed = list.numbers.length + list.skipped;
  const read = toRead.length - outcomes.filter((o) => o.kind === "failed").length;
  return {
    listed,
    read,
    notRead: numbers.length - toRead.length,
    // A number listed twice is read once: the second entry is not unread.
    unread: listed - read - duplicates,
    maxNumbers: options.maxNumbers,
    failed,
    withoutPathwayId,
    otherPathways,
    numbers: uses,
  };
}
