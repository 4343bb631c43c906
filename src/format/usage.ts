// What `pathway usage` reports (the inbound numbers and campaigns that use a pathway, checked against it) and its one-line summary.
import { toCount, toNounForm } from "../escape/count.js";
import type { Diagnostic } from "../diagnostics/index.js";

/** An inbound number whose configuration (GET /v1/inbound/{phone_number}) names the pathway. */
export interface InboundUse {
  /** The number, masked (`+1555***0123`) unless the report shows numbers. */
  phoneNumber: string;
  /** `pathway_version` when the configuration carries one (real bodies send it; not in the API reference): cut to 40 characters. */
  pathwayVersion?: number | string;
  /** Findings placed in the configuration: `pointer`, and `range` in its pretty-printed JSON. */
  findings: Diagnostic[];
}

/** A sequence of a campaign: its `seqId` and `step`, and the pointer of the entry that names the pathway. */
export interface CampaignSequence {
  seqId: string;
  step?: number;
  pointer?: string;
}

/** A campaign (POST /v1/campaigns/{id}) one of whose sequences calls with the pathway. */
export interface CampaignUse {
  id: string;
  /** `campaign_name`, cut to 120 characters (numbers in it masked unless shown). */
  name?: string;
  /** `campaign_state` (`active` appears; others are not documented). */
  state?: string;
  /** The campaign's `phone_number`, masked unless shown. */
  phoneNumber?: string;
  /** The sequences that call with the pathway. */
  sequences: CampaignSequence[];
  /** The sequence `curr_seq` names, and whether it calls with the pathway. */
  current?: CampaignSequence & { callsWithPathway: boolean };
  /** Findings placed in the campaign object (`/request_data/...`), ranges in its pretty-printed JSON. */
  findings: Diagnostic[];
}

/** Something that could not be read: a number (masked unless shown) or a campaign id, and why. */
export interface UsageProblem {
  subject: string;
  message: string;
}

/** Who uses a pathway: what `readPathwayUsage` returns and `pathway usage --format json` prints. */
export interface PathwayUsage {
  id: string;
  /** The local file named, when one was. */
  file?: string;
  /** What the configurations were checked against: a file, `remote:<id>` (production) or a version about to be promoted. */
  checkedAgainst: string;
  /** One sentence: "production of pw-x answers 3 inbound numbers; 1 active campaign calls with it." */
  summary: string;
  /** False (the default): every number in this report is masked. */
  numbersShown: boolean;
  inbound: {
    /** Entries in the list (GET /v1/inbound). */
    listed: number;
    /** Configurations read (GET /v1/inbound/{phone_number}). */
    read: number;
    /** Numbers past `maxNumbers`, not read. */
    notRead: number;
    /** List entries whose configuration was not read, for any reason: failed, no number, not an object, past `maxNumbers`. */
    unread: number;
    maxNumbers: number;
    /** Numbers whose configuration could not be read (and list entries without a number). */
    failed: UsageProblem[];
    /** Configurations without `pathway_id` (a prompt answers, or the answer does not say). */
    withoutPathwayId: number;
    /** Configurations naming another pathway. */
    otherPathways: number;
    numbers: InboundUse[];
  };
  campaigns: {
    /** Where the ids came from: `--campaign`, the config's `campaigns`, or nowhere (none checked). */
    from: "option" | "config" | "none";
    /** Ids read. */
    checked: number;
    failed: UsageProblem[];
    /** Campaigns read whose sequences do not call with the pathway. */
    notCalling: string[];
    using: CampaignUse[];
  };
  /** False when some number or campaign could not be read or was left out: more may use the pathway. */
  complete: boolean;
  counts: { errors: number; warnings: number; infos: number };
}

/** True for the one campaign state the API reference shows calling (`active`). */
export function isActiveCampaign(campaign: Pick<CampaignUse, "state">): boolean {
  return campaign.state?.toLowerCase() === "active";
}

/** The sentence a release prints: "production of pw-x answers 3 inbound numbers; 1 active campaign calls with it." */
export function toUsageSummary(usage: Omit<PathwayUsage, "summary">): string {
  const { inbound, campaigns } = usage;
  const unread = inbound.unread;
  const atLeast = unread > 0 ? "at least " : "";
  const numbers = `production of ${usage.id} answers ${atLeast}${toCount(inbound.numbers.length, "inbound number")}${unread > 0 ? ` (${unread} not read)` : ""}`;
  let calls: string;
  if (campaigns.from === "none") calls = "no campaigns checked (name them with --campaign or `campaigns` in pathway.config.json)";
  else {
    const active = campaigns.using.filter(isActiveCampaign).length;
    const others = campaigns.using.length - active;
    const unreadCampaigns = campaigns.failed.length > 0 ? ` (${campaigns.failed.length} of ${campaigns.checked} could not be read)` : "";
    calls = `${toCount(active, "active campaign")} ${toNounForm(active, "calls", "call")} with it${others > 0 ? `, ${others} more not active` : ""}${unreadCampaigns}`;
  }
  const { errors, warnings } = usage.counts;
  const findings = errors + warnings > 0 ? `; ${toCount(errors, "error")}, ${toCount(warnings, "warning")} in what reaches it` : "";
  return `${numbers}; ${calls}${findings}.`;
}
