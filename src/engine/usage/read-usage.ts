// `readPathwayUsage`: who a pathway reaches (the inbound numbers and campaigns that name it), each configuration checked against the pathway.
import { EngineError } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import type { Pathway } from "../../model/schema.js";
import type { PathwayClient } from "../../remote/index.js";
import { checkCampaignConfiguration, checkInboundConfiguration, type ConfigurationCheckOptions } from "../../requests/configured.js";
import { toUsageSummary, type PathwayUsage } from "../../format/usage.js";
import { loadRuleCatalogue } from "../check/rule-catalogue.js";
import { createLintConfigLoader } from "../project/config.js";
import { describeLoadFailure, getPathwayProblem, loadPathwayFile } from "../project/load-pathway.js";
import { loadManifest } from "../project/manifest.js";
import { resolvePathwayArgument } from "../project/pathway-argument.js";
import { createClient, toEngineError, type RemoteOptions } from "../project/remote-client.js";
import { readCampaignUses } from "./campaigns.js";
import { readInboundUses } from "./inbound.js";
import { DEFAULT_MAX_NUMBERS } from "./limits.js";
import { createShown } from "./shown.js";

export { DEFAULT_MAX_NUMBERS };
export type { PathwayUsage };

/** Options of `readPathwayUsage`; all optional. */
export interface UsageOptions extends RemoteOptions {
  /** The remote pathway of a file pathwaykit.manifest.json does not track (`--pathway-id`). Default: the file's entry. */
  id?: string;
  /** Campaign ids to read (`--campaign`). Default: the config's `campaigns`; none when it has none. */
  campaigns?: readonly string[];
  /** The config file (`--config`) instead of the nearest pathway.config.json; `false` reads none. */
  config?: string | false;
  /** Configurations read at most (one request per inbound number). Default DEFAULT_MAX_NUMBERS (1,000). */
  maxNumbers?: number;
  /** Show numbers in full. Default false: every number in the report is masked (`+1555***0123`). */
  showNumbers?: boolean;
  /**
   * What the configurations are checked against. Default: the file named, else the pathway as the service has it
   * (GET /v1/convo_pathway/{id}, or the manifest entry's endpoint). publish passes the version it promotes.
   */
  pathway?: { where: string; value: Pathway };
}

/** The pathway a usage report names: its id, and the file given for it. */
export interface UsageTarget {
  id: string;
  file?: string;
}

/**
 * Who uses pathway `target.id` on the service, checked against `pathway`: every inbound number whose configuration
 * names it (GET /v1/inbound, then GET /v1/inbound/{phone_number} per number), and every campaign among `options.campaigns`
 * (else the config's) whose sequences call with it (POST /v1/campaigns/{id}). Throws RemoteError when the list of numbers
 * cannot be read, EngineError for a broken config; a number or campaign that cannot be read is reported in the result.
 */
export async function getPathwayUsage(
  host: Host,
  client: PathwayClient,
  target: UsageTarget,
  pathway: { where: string; value: Pathway },
  options: Omit<UsageOptions, "pathway" | "id"> = {},
): Promise<PathwayUsage> {
  const loadConfig = createLintConfigLoader(host, {
    ...(typeof options.config === "string" && { explicit: options.config }),
    rules: (await loadRuleCatalogue()).all,
  });
  const config = options.config === false ? undefined : (await loadConfig(target.file)).config;
  const check: ConfigurationCheckOptions = { pathway, ...(config && { rules: config.rules, systemVariables: config.systemVariables }) };
  const shown = createShown(options.showNumbers === true);
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const inbound = await readInboundUses(client, {
    id: target.id,
    concurrency,
    maxNumbers: options.maxNumbers ?? DEFAULT_MAX_NUMBERS,
    shown,
    check: (record) => checkInboundConfiguration(record, check),
    ...(options.onProgress && { onProgress: options.onProgress }),
  });
  const named = options.campaigns ?? config?.campaigns ?? [];
  const ids = [...new Set(named.map((c) => c.trim()).filter((c) => c !== ""))];
  const from = options.campaigns !== undefined ? "option" : ids.length > 0 ? "config" : "none";
  const campaigns = await readCampaignUses(client, ids, from, {
    id: target.id,
    concurrency,
    shown,
    check: (campaign, pointer) => checkCampaignConfiguration(campaign, target.id, pointer, check),
  });
  const findings = [...inbound.numbers, ...campaigns.using].flatMap((u) => u.findings);
  const counts = {
    errors: findings.filter((d) => d.severity === "error").length,
    warnings: findings.filter((d) => d.severity === "warning").length,
    infos: findings.filter((d) => d.severity === "info").length,
  };
  const usage = {
    id: target.id,
    ...(target.file !== undefined && { file: target.file }),
    checkedAgainst: pathway.where,
    numbersShown: options.showNumbers === true,
    inbound,
    campaigns,
    complete: inbound.failed.length === 0 && inbound.notRead === 0 && campaigns.failed.length === 0,
    counts,
  };
  return { ...usage, summary: toUsageSummary(usage) };
}

/**
 * `pathway usage <pathway>`: resolves the argument (a tracked file, `remote:<id>` or an id), loads what to check
 * against (the file, else the service's pathway), and reads who uses it (see getPathwayUsage). Throws EngineError
 * for a bad argument, a file that is not a pathway, or the service refusing.
 */
export async function readPathwayUsage(host: Host, arg: string, options: UsageOptions = {}): Promise<PathwayUsage> {
  const manifest = await loadManifest(host);
  const target = await resolvePathwayArgument(host, arg, { manifest, idFlag: "--pathway-id", ...(options.id !== undefined && { id: options.id }) });
  const client = await createClient(host, options, manifest);
  let pathway = options.pathway;
  if (!pathway && target.file !== undefined) {
    const loaded = await loadPathwayFile(host, target.file);
    if (!loaded.pathway) throw new EngineError("input", describeLoadFailure(loaded));
    pathway = { where: target.file, value: loaded.pathway };
  }
  try {
    if (!pathway) {
      const where = `remote:${target.id}`;
      const fetched = await client.getPathway(target.id, { endpoint: options.endpoint ?? target.entry?.endpoint ?? "convo" });
      const problem = getPathwayProblem(fetched.pathway, where);
      if (problem) throw new EngineError("input", problem.message, undefined, { id: target.id });
      pathway = { where, value: fetched.pathway as Pathway };
    }
    return await getPathwayUsage(host, client, { id: target.id, ...(target.file !== undefined && { file: target.file }) }, pathway, options);
  } catch (error) {
    throw await toEngineError(error, { id: target.id });
  }
}
