// How a call ended, from the record's queue_status (seed part 3), answered_by, transfer and error message.
import type { ExitKind } from "../graph/flow.js";
import type { CallRecord } from "./record.js";

/** `completed`, `error` (a `*_error` queue status), `voicemail`, `transfer`, `in-progress` (new, queued, allocated, started) or `unknown`. */
export type CallEndingKind = "completed" | "error" | "voicemail" | "transfer" | "in-progress" | "unknown";

/** How a call ended, with the record's own words for it. */
export interface CallEnding {
  kind: CallEndingKind;
  queueStatus?: string;
  answeredBy?: string;
  transferredTo?: string;
  errorMessage?: string;
  endedBy?: string;
  /** How the last node visited leaves the pathway, when it is an exit. */
  exit?: ExitKind;
}

const IN_PROGRESS = new Set(["new", "queued", "allocated", "started"]);

/** The ending of a record: an error state wins, then voicemail, then a transfer, then a completed call. */
export function getCallEnding(record: CallRecord, exit?: ExitKind): CallEnding {
  const status = record.queueStatus?.toLowerCase();
  let kind: CallEndingKind = "unknown";
  if (status?.endsWith("_error")) kind = "error";
  else if (record.answeredBy === "voicemail") kind = "voicemail";
  else if (record.transferredTo !== undefined || exit === "transfer") kind = "transfer";
  // Real records say `complete`, the seed's sample `completed` (../docs/service-api.md): both end a call.
  else if (status === "complete" || status === "completed" || record.completed === true) kind = "completed";
  else if (status !== undefined && IN_PROGRESS.has(status)) kind = "in-progress";
  const ending: CallEnding = { kind };
  if (record.queueStatus !== undefined) ending.queueStatus = record.queueStatus;
  if (record.answeredBy !== undefined) ending.answeredBy = record.answeredBy;
  if (record.transferredTo !== undefined) ending.transferredTo = record.transferredTo;
  if (record.errorMessage !== undefined) ending.errorMessage = record.errorMessage;
  if (record.callEndedBy !== undefined) ending.endedBy = record.callEndedBy;
  if (exit !== undefined) ending.exit = exit;
  return ending;
}
