// The simulator's data: state, user turns, decisions, webhook exchanges and the trace every run leaves behind.
import type { PathwayNode } from "../model/index.js";

/** Where a conversation stands: still going, ended by End Call, transferred, or stopped by a safety limit. */
export type SimStatus = "active" | "ended" | "transferred" | "stopped";

/** A mocked (or live) webhook answer. */
export interface WebhookResponse {
  /** HTTP status code (read by responsePathways as `BlandStatusCode`). */
  status: number;
  /** Parsed JSON body (or text when it is not JSON). */
  body?: unknown;
}

/** What a webhook node sends, with `{{variables}}` filled in. Header values are kept out of traces. */
export interface WebhookRequest {
  nodeId: string;
  nodeName?: string;
  method: string;
  url: string;
  headers: [string, string][];
  body?: string;
}

/** One user turn. */
export interface Turn {
  /** What the caller says. */
  user: string;
  /** Scripted decision: the edge to take (edge id, label, target node id or name, or a global node). */
  take?: string;
  /** Variables the caller gives in this turn, set as they are (instead of typed extraction). */
  vars?: Record<string, unknown>;
  /** Answers for this turn: webhooks and Custom Code nodes by node id or name, node tools by tool name. */
  webhooks?: Record<string, WebhookResponse>;
  /**
   * Whether the transfers reached in this turn are answered (default answered). `not-answered`: none is, and the run
   * follows each one's voicemail edge. A list gives the answer of each transfer the turn reaches, in order, and those
   * past its end are answered: `[not-answered]` leaves a warm transfer's voicemail edge for a second transfer that is.
   */
  transfer?: TransferAnswer | readonly TransferAnswer[];
  /**
   * Variables a model read from the caller's words at the current node (a persona run's agent model): set instead of
   * the typed extraction, and traced as `how: "model"`. An empty object means the model found none.
   */
  extracted?: Record<string, unknown>;
}

/** How a transfer is answered in a turn. */
export type TransferAnswer = "answered" | "not-answered";

/** Something the engine may choose at a node: an outgoing edge or a jump to a global node. */
export interface Candidate {
  kind: "edge" | "global";
  /** Edge id (edges) or node id (globals). */
  id: string;
  /** The node the candidate leads to. */
  targetId: string;
  targetName?: string;
  /** Edge label, or the global node's globalLabel. */
  label: string;
  description?: string;
  /** Example user messages from pathwayExamples. */
  examples: string[];
  /** The edge has `data.alwaysPick: true`: taken on any turn that does not name another choice. */
  alwaysPick?: boolean;
  /** The edge's `data.condition`: the edge is a choice only while all of them hold on the variables. */
  conditions?: { field: string; operator: string; value: unknown }[];
}

/** What a decider is asked. */
export interface DecisionRequest {
  node: PathwayNode;
  userText: string;
  candidates: readonly Candidate[];
  /** The conversation so far, oldest first (agent lines and user lines). */
  history: readonly { role: "agent" | "user"; text: string }[];
}

/** A decider's answer: take candidate `index`, stay (condition not met / nothing matched), or report a tie or error. */
export type Decision =
  | { kind: "take"; index: number; reason: string; score?: number }
  | { kind: "stay"; reason: string }
  | { kind: "ambiguous"; reason: string; indexes: number[] }
  | { kind: "error"; reason: string };

/** Chooses among candidates; synchronous deciders keep `transition` synchronous. */
export interface Decider {
  name: string;
  decide(request: DecisionRequest): Decision | Promise<Decision>;
}

/** Answers a webhook call (mocks or live HTTP). */
export type WebhookHandler = (request: WebhookRequest) => WebhookResponse | Promise<WebhookResponse>;

/** How a move happened. */
export type MoveVia = "edge" | "global" | "return" | "route" | "fallback" | "webhook" | "press" | "voicemail";

/** One event of the trace. `turn` is the user turn it belongs to (0 = before the caller spoke). */
export type TraceEvent =
  | { type: "enter"; turn: number; nodeId: string; nodeName?: string; nodeType: string }
  | {
      type: "say";
      turn: number;
      nodeId: string;
      /** `text`: said verbatim; `prompt`: instructions for the model, with variables filled; `model`: what an agent model said from them. */
      speech: "text" | "prompt" | "model";
      text: string;
      /** Variables used but not set (left as `{{name}}`). */
      unset: string[];
    }
  | { type: "user"; turn: number; nodeId: string; text: string }
  | { type: "vars"; turn: number; nodeId: string; set: Record<string, unknown>; how: "explicit" | "typed" | "model" | "webhook" | "code" | "tool" }
  /** A Custom Code node entered or a node tool answered: `answered` says whether a scenario answer stood for it (code never runs). */
  | { type: "code"; turn: number; nodeId: string; kind: "code" | "tool"; name: string; answered: boolean; response?: unknown }
  | {
      type: "decide";
      turn: number;
      nodeId: string;
      decider: string;
      decision: Decision;
      /** The chosen candidate (for take). */
      chosen?: Candidate;
    }
  | { type: "move"; turn: number; from: string; to: string; via: MoveVia; edgeId?: string; reason: string }
  | { type: "webhook"; turn: number; nodeId: string; method: string; url: string; body?: string; status: number; response?: unknown; unset: string[] }
  | { type: "end"; turn: number; status: Exclude<SimStatus, "active">; reason: string; transferNumber?: string; transferPathwayId?: string };

/** The whole state of a simulated conversation; `transition` returns a new one and never mutates. */
export interface SimState {
  status: SimStatus;
  /** Current node id (the last node entered). */
  nodeId?: string;
  /** Why the conversation is no longer active. */
  reason?: string;
  /** The number a transfer went to, with variables filled. */
  transferNumber?: string;
  /** The pathway a Transfer Pathway node handed the call to. */
  transferPathwayId?: string;
  /** The variable store: request_data, extracted variables, webhook data. */
  variables: Readonly<Record<string, unknown>>;
  /** User turns processed so far. */
  turn: number;
  /** Interrupted nodes that global nodes with enableGlobalAutoReturn return to (last is innermost). */
  returnTo: readonly string[];
  /** Times each node was entered, for loop detection. */
  visits: Readonly<Record<string, number>>;
  /** Every event so far. */
  trace: readonly TraceEvent[];
}
