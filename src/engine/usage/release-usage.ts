// Who a release reaches, read by publish and rollback before they promote: a summary that never stops the release (a failed read is a warning).
import { maskPhoneNumbers } from "../../calls/mask.js";
import type { Host } from "../../host/host.js";
import type { Pathway } from "../../model/schema.js";
import type { Environment, PathwayClient } from "../../remote/index.js";
import { getPathwayUsage, type PathwayUsage, type UsageOptions, type UsageTarget } from "./read-usage.js";

/** What publish and rollback take for the usage summary; all optional. */
export interface ReleaseUsageOptions extends Pick<UsageOptions, "campaigns" | "config" | "maxNumbers" | "concurrency" | "onProgress"> {
  /** Told the usage (or why it could not be read) as soon as it is known, before anything is promoted. */
  onUsage?: (usage: ReleaseUsage) => void;
  /** Told when the usage could not be read. */
  warn?: (message: string) => void;
}

/** The usage in a release report: what was read (numbers masked), or why it could not be; `summary` is the line printed. */
export type ReleaseUsage = { summary: string; usage: PathwayUsage; error?: undefined } | { summary: string; usage?: undefined; error: string };

/**
 * Reads who `target` reaches, checked against the version about to be promoted, for a release's summary: production's
 * inbound numbers and the campaigns that call with it. Never throws: a failed read (no list, a broken config) comes back
 * as `error`, said through `warn`, and the release goes on.
 */
export async function readReleaseUsage(
  host: Host,
  client: PathwayClient,
  target: UsageTarget,
  pathway: { where: string; value: Pathway },
  environment: Environment,
  options: ReleaseUsageOptions = {},
): Promise<ReleaseUsage> {
  let result: ReleaseUsage;
  try {
    const { onUsage: _onUsage, warn: _warn, ...read } = options;
    const usage = await getPathwayUsage(host, client, target, pathway, read);
    // Numbers and campaigns name a pathway, not a version: which one a staging promotion reaches is not documented.
    const summary =
      environment === "production" ? usage.summary : `Promoting to staging (whether numbers or campaigns run staging is not documented); ${usage.summary}`;
    result = { summary, usage };
  } catch (error) {
    const message = maskPhoneNumbers(`could not read who pathway ${target.id} reaches (${(error as Error).message.replace(/\.$/, "")}); going on without it.`);
    options.warn?.(message);
    result = { summary: `Who pathway ${target.id} reaches is unknown: the usage read failed (the warning says why).`, error: message };
  }
  options.onUsage?.(result);
  return result;
}
