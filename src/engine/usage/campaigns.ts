// The campaigns that call with a pathway: each id read (POST /v1/campaigns/{id}), its sequences searched for the pathway, its request_data checked.
import { isObject } from "../../model/pathway.js";
import type { PathwayClient } from "../../remote/index.js";
import type { ConfigurationCheck } from "../../requests/configured.js";
import type { CampaignSequence, CampaignUse, PathwayUsage, UsageProblem } from "../../format/usage.js";
import { toPointer } from "../../diagnostics/index.js";
import { mapPool } from "../../host/map-pool.js";
import { cut, type Shown } from "./shown.js";

/** What reading the campaigns needs besides the client. */
export interface CampaignReadOptions {
  /** The pathway id looked for in `sequences[].pathway[].value`. */
  id: string;
  concurrency: number;
  shown: Shown;
  /** Checks a campaign that calls with the pathway; `pointer` is the first sequence entry naming it. */
  check(campaign: Record<string, unknown>, pointer: string): ConfigurationCheck;
}

/** A text field of the service's as a report shows it: a string cut short, numbers masked unless shown; else undefined. */
function textOf(value: unknown, shown: Shown, max: number): string | undefined {
  return typeof value === "string" && value !== "" ? shown.text(cut(value, max)) : undefined;
}

/** A sequence's `seqId` and `step` as the report names them (hostile or missing values made harmless). */
function toSequence(seq: Record<string, unknown>, i: number, shown: Shown): CampaignSequence {
  const seqId = textOf(seq.seqId, shown, 80) ?? (typeof seq.seqId === "number" ? String(seq.seqId) : `sequences[${i}]`);
  return { seqId, ...(typeof seq.step === "number" && Number.isSafeInteger(seq.step) && { step: seq.step }) };
}

/** The campaign as the report shows it, when one of its sequences calls with `id`; undefined when none does. */
function toCampaignUse(campaign: Record<string, unknown>, requested: string, options: CampaignReadOptions): CampaignUse | undefined {
  const { shown, id } = options;
  const sequences = Array.isArray(campaign.sequences) ? campaign.sequences : [];
  const calling: CampaignSequence[] = [];
  let current: CampaignUse["current"];
  for (const [i, seq] of sequences.entries()) {
    if (!isObject(seq)) continue;
    const entries = Array.isArray(seq.pathway) ? seq.pathway : [];
    const j = entries.findIndex((e) => isObject(e) && typeof e.value === "string" && e.value.trim() === id);
    const named = toSequence(seq, i, shown);
    if (j >= 0) calling.push({ ...named, pointer: toPointer(["sequences", i, "pathway", j, "value"]) });
    if (current === undefined && seq.seqId !== undefined && seq.seqId === campaign.curr_seq) current = { ...named, callsWithPathway: j >= 0 };
  }
  if (calling.length === 0) return undefined;
  const campaignId = textOf(campaign.id, shown, 80) ?? textOf(campaign.campaign_id, shown, 80) ?? shown.text(cut(requested, 80));
  const name = textOf(campaign.campaign_name, shown, 120);
  const state = textOf(campaign.campaign_state, shown, 40);
  const phoneNumber = typeof campaign.phone_number === "string" && campaign.phone_number.trim() !== "" ? shown.number(campaign.phone_number.trim()) : undefined;
  const findings = options.check(campaign, calling[0]!.pointer!).diagnostics.map(shown.finding);
  return {
    id: campaignId,
    ...(name !== undefined && { name }),
    ...(state !== undefined && { state }),
    ...(phoneNumber !== undefined && { phoneNumber }),
    sequences: calling,
    ...(current && { current }),
    findings,
  };
}

/**
 * Reads each campaign id (POST /v1/campaigns/{id}), `concurrency` at a time, and keeps those whose sequences call with
 * the pathway, with their state, current sequence and findings. A campaign that cannot be read is reported; the
 * others are still read.
 */
export async function readCampaignUses(
  client: PathwayClient,
  ids: readonly string[],
  from: PathwayUsage["campaigns"]["from"],
  options: CampaignReadOptions,
): Promise<PathwayUsage["campaigns"]> {
  const failed: UsageProblem[] = [];
  const notCalling: string[] = [];
  const using: CampaignUse[] = [];
  const read = await mapPool(ids, options.concurrency, async (requested) => {
    try {
      return { requested, campaigns: (await client.getCampaign(requested)).campaigns };
    } catch (error) {
      return { requested, error: options.shown.text(cut(error instanceof Error ? error.message : String(error), 500)) };
    }
  });
  for (const answer of read) {
    const subject = options.shown.text(cut(answer.requested, 80));
    if (answer.error !== undefined) failed.push({ subject, message: answer.error });
    else if (answer.campaigns.length === 0) failed.push({ subject, message: "the answer holds no campaign." });
    else {
      for (const campaign of answer.campaigns) {
        const use = toCampaignUse(campaign, answer.requested, options);
        if (use) using.push(use);
        else notCalling.push(textOf(campaign.id, options.shown, 80) ?? subject);
      }
    }
  }
  return { from, checked: ids.length, failed, notCalling, using };
}
