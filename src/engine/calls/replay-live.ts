// `replay --live`: sends each recorded call's caller turns to the service's chat with a saved version, and finds where the live agent parts from the recorded path.
import { mapCallToPathway, type CallRecord, type PathStep } from "../../calls/index.js";
import { createFlowModel, type FlowModel } from "../../graph/flow.js";
import type { Host } from "../../host/host.js";
import { forEachCallRecord, loadCallsPathway, type CallReadSummary } from "./read.js";
import { openLiveChat, type LiveChatOptions } from "../scenarios/live-chat-session.js";
import type { TestedVersion } from "../project/live-version.js";

/** Options of `replayCallsLive`: the live chat's (remote flags, pathway id, version). */
export type LiveReplayOptions = Omit<LiveChatOptions, "variables">;

/** Where one call's live run parts from its recorded path. Caller words are not repeated: they may be personal data. */
export interface LiveDivergence {
  /** The caller turn (1-based) after which the live agent was off the recorded path, or ended. */
  turn: number;
  /** The node the live agent was at (absent when its answer named none). */
  liveNodeId?: string;
  /** The recorded node the call was at next. */
  recordedNodeId: string;
  message: string;
}

/** One call replayed live: `same` path, `diverged`, or `unknown` (the chat named no node, so nothing can be compared). */
export interface LiveReplayOutcome {
  callId: string;
  where: string;
  status: "same" | "diverged" | "unknown";
  /** Caller turns sent. */
  turns: number;
  divergence?: LiveDivergence;
  reason?: string;
}

/** What `replayCallsLive` found. */
export interface LiveReplayResult {
  pathway: string;
  pathwayId: string;
  version?: TestedVersion;
  warnings: string[];
  replayed: number;
  same: number;
  diverged: number;
  unknown: number;
  skipped: number;
  skippedReasons: { reason: string; count: number }[];
  calls: LiveReplayOutcome[];
  read: CallReadSummary;
}

/** Calls replayed live at most per run: each is a chat with the service (and may cost); the rest are counted as skipped. */
export const MAX_LIVE_CALLS = 1000;

/** What a live replay needs of one record, kept instead of the record (its raw body may be large). */
interface Pending {
  callId: string;
  where: string;
  requestData?: Record<string, unknown>;
  steps: { nodeId: string; said: string[]; silent: boolean }[];
}

function toPending(record: CallRecord, where: string, flow: FlowModel, pathwayId: string): Pending | string {
  const path = mapCallToPathway(record, flow, { pathwayId });
  if (path.status === "unmapped") return path.reason ?? "not mapped";
  const steps = path.steps.map((s: PathStep) => {
    const said = s.turns.filter((t) => t.role === "user" && t.text.trim() !== "").map((t) => t.text.trim());
    return { nodeId: s.nodeId, said, silent: s.turns.length === 0 };
  });
  if (!steps.some((s) => s.said.length > 0)) return "the caller said nothing the transcript keeps";
  return { callId: record.callId, where, ...(record.requestData && { requestData: record.requestData }), steps };
}

/**
 * Replays one call: after each caller turn the live node must be one of the recorded path's nodes from where the
 * agent was (past the caller's node, when the recorded call moved on before the caller spoke again) up to the step
 * where the caller speaks next (a node passed between is fine; the chat's answer names only where the agent
 * stopped, and how far one message may move it is not documented).
 */
async function replayOne(chat: Awaited<ReturnType<typeof openLiveChat>>, call: Pending): Promise<LiveReplayOutcome> {
  const base = { callId: call.callId, where: call.where };
  const turns = call.steps.flatMap((s, k) => s.said.map((text) => ({ text, step: k })));
  const session = await chat.start(call.requestData ?? {});
  let chatId = session.chatId;
  let at = 0;
  for (let u = 0; u < turns.length; u++) {
    const reply = await chat.send(chatId, turns[u]!.text);
    chatId = reply.chatId;
    const upTo = u + 1 < turns.length ? turns[u + 1]!.step : call.steps.length - 1;
    const node = reply.currentNodeId;
    if (node === undefined)
      return { ...base, status: "unknown", turns: u + 1, reason: "the chat's answer named no current node (not documented that it always does)" };
    // Where the recorded call left the caller's node before the caller spoke again, the live agent must have left it too.
    const from = upTo > turns[u]!.step ? Math.max(at, turns[u]!.step + 1) : at;
    let found = -1;
    for (let k = from; k <= upTo && found < 0; k++) if (call.steps[k]!.nodeId === node) found = k;
    const recordedNodeId = call.steps[upTo]!.nodeId;
    if (found < 0)
      return {
        ...base,
        status: "diverged",
        turns: u + 1,
        divergence: {
          turn: u + 1,
          liveNodeId: node,
          recordedNodeId,
          message: `after caller turn ${u + 1} the live agent is at ${node}; the recorded call went to ${recordedNodeId}`,
        },
      };
    at = found;
    if (reply.completed && u + 1 < turns.length) {
      return {
        ...base,
        status: "diverged",
        turns: u + 1,
        divergence: { turn: u + 1, liveNodeId: node, recordedNodeId, message: `the live chat ended at ${node} after caller turn ${u + 1} of ${turns.length}` },
      };
    }
  }
  return { ...base, status: "same", turns: turns.length };
}

/** Replays the recorded calls of `inputs` live on the remote pathway of `pathwayArg`; the local file maps the recorded logs. */
export async function replayCallsLive(host: Host, pathwayArg: string, inputs: readonly string[], options: LiveReplayOptions = {}): Promise<LiveReplayResult> {
  const chat = await openLiveChat(host, pathwayArg, options);
  const target = await loadCallsPathway(host, pathwayArg, chat.id);
  const flow = createFlowModel(target.pathway);
  const pending: Pending[] = [];
  const skipped = new Map<string, number>();
  let skippedCount = 0;
  const skip = (reason: string) => {
    skippedCount++;
    if (skipped.has(reason) || skipped.size < 50) skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
  };
  const read = await forEachCallRecord(host, inputs, (record, where) => {
    if (pending.length >= MAX_LIVE_CALLS) return skip(`over the ${MAX_LIVE_CALLS} calls one live replay sends`);
    const call = toPending(record, where, flow, chat.id);
    if (typeof call === "string") skip(call);
    else pending.push(call);
  });
  const counts = { same: 0, diverged: 0, unknown: 0 };
  const calls: LiveReplayOutcome[] = [];
  // One chat at a time: a live replay is a handful of calls a release checks, and the service's rate limits are not documented.
  for (const call of pending) {
    const outcome = await replayOne(chat, call);
    counts[outcome.status]++;
    calls.push(outcome);
  }
  const skippedReasons = [...skipped].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
  return {
    pathway: target.path,
    pathwayId: chat.id,
    ...(chat.tested && { version: chat.tested }),
    warnings: chat.warnings,
    replayed: calls.length,
    ...counts,
    skipped: skippedCount,
    skippedReasons,
    calls,
    read,
  };
}
