// What a v2 trace says happened at each node a call visited: the webhooks run there (and how each ended), the variables changed.
import { prop } from "../model/pathway.js";
import { finiteNumber, getVariableChangeNames, type VariableChangeNames } from "./events.js";
import type { LogEntry } from "./record.js";

/**
 * One webhook run at a node (a webhook node, or a node's API, integration or custom-code tool: `webhook.invoke`), paired
 * with its later events by `operation_id`. `ok`: answered with a 2xx status (or none given); `failed`: a
 * `webhook.error`, or another status; `sent`: fire and forget, not awaited; `no-answer`: no result in the trace.
 */
export interface StepWebhook {
  /** The `sequence` of its `webhook.invoke`; absent for a result whose invoke is not in the trace. */
  sequence?: number;
  url?: string;
  method?: string;
  /** Set for a node's tool (`tool_name`), which the trace runs as a webhook too. */
  toolName?: string;
  outcome: "ok" | "failed" | "sent" | "no-answer";
  /** The HTTP status of the answer. */
  status?: number;
  /** The `webhook.error`'s message. */
  message?: string;
  /** `webhook.warning` events (one per retry). */
  warnings: number;
  /** The answer's body as recorded: a value over 64 KiB is cut to text ending in `…` (or `[EXCEEDS_MAX_LENGTH]`). */
  body?: unknown;
  /** `webhook.mapping` entries that set no value (`empty`, `error`, `skipped_invalid`): why a `{{variable}}` stayed empty. */
  mappings?: { name: string; outcome: string; detail?: string }[];
}

/** What a v2 trace says happened while the call was at one node. */
export interface StepEvents {
  webhooks?: StepWebhook[];
  /** The variables the routing decisions made there changed (`node.transition`'s `variable_changes`), by name. */
  variableChanges?: VariableChangeNames;
  /** Routing problems reported before a decision there settled (`node.transition`'s `failures`). */
  routingFailures?: string[];
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** A webhook's outcome from its result payload. */
function resultOutcome(payload: unknown): Pick<StepWebhook, "outcome" | "status"> {
  const status = finiteNumber(prop(payload, "status"));
  if (prop(payload, "fire_and_forget") === true) return { outcome: "sent", ...(status === undefined ? {} : { status }) };
  return { outcome: status === undefined || (status >= 200 && status < 300) ? "ok" : "failed", ...(status === undefined ? {} : { status }) };
}

/** The names each list of a step's variable changes holds, so a name is looked up, never searched for in the list. */
const namesIn = new WeakMap<string[], Set<string>>();

function addNames(into: string[], names: readonly string[]): void {
  let have = namesIn.get(into);
  if (!have) namesIn.set(into, (have = new Set(into)));
  for (const name of names) {
    if (have.has(name)) continue;
    have.add(name);
    into.push(name);
  }
}

/**
 * Reads the v2 events of one call, in call order, onto the steps of its path. `beforeMove` takes what a
 * `node.transition` says about the node the decision was made at (the step the call leaves); `afterMove` takes the
 * rest onto the step the event happened at. A result, error, warning or mapping joins its `webhook.invoke` by
 * `operation_id`, wherever that invoke happened.
 */
export function createStepEventReader(): {
  beforeMove(entry: LogEntry, step: StepEvents | undefined): boolean;
  afterMove(entry: LogEntry, step: StepEvents | undefined): void;
} {
  const invoked = new Map<number, StepWebhook>();
  return {
    beforeMove(entry, step) {
      const info = entry.event;
      if (info?.type !== "node.transition" || step === undefined) return false;
      const names = getVariableChangeNames(info);
      if (names) {
        const into = (step.variableChanges ??= { added: [], modified: [], removed: [] });
        addNames(into.added, names.added);
        addNames(into.modified, names.modified);
        addNames(into.removed, names.removed);
      }
      const failures = prop(info.payload, "failures");
      if (Array.isArray(failures)) {
        const texts = failures.filter((f): f is string => typeof f === "string" && f !== "");
        if (texts.length > 0) (step.routingFailures ??= []).push(...texts);
      }
      return true;
    },
    afterMove(entry, step) {
      const info = entry.event;
      if (info?.operation !== "webhook") return;
      const payload = info.payload;
      if (info.phase === "invoke") {
        if (step === undefined) return;
        const hook: StepWebhook = { outcome: "no-answer", warnings: 0 };
        if (entry.sequence !== undefined) {
          hook.sequence = entry.sequence;
          invoked.set(entry.sequence, hook);
        }
        const [url, method, toolName] = [text(prop(payload, "url")), text(prop(payload, "method")), text(prop(payload, "tool_name"))];
        if (url !== undefined) hook.url = url;
        if (method !== undefined) hook.method = method;
        if (toolName !== undefined) hook.toolName = toolName;
        (step.webhooks ??= []).push(hook);
        return;
      }
      let hook = info.operationId === undefined ? undefined : invoked.get(info.operationId);
      if (hook === undefined) {
        // Its invoke is not in the trace (or names no sequence): the result still says how a webhook here ended.
        if (step === undefined) return;
        hook = { outcome: "no-answer", warnings: 0 };
        (step.webhooks ??= []).push(hook);
        if (info.operationId !== undefined) invoked.set(info.operationId, hook);
      }
      if (info.phase === "result") {
        // An error says more than a result: whichever comes first, the webhook failed.
        const answer = resultOutcome(payload);
        if (hook.outcome !== "failed") hook.outcome = answer.outcome;
        if (answer.status !== undefined) hook.status = answer.status;
        if (payload !== undefined && Object.hasOwn(payload, "body")) hook.body = payload.body;
        hook.url ??= text(prop(payload, "url"));
        if (hook.url === undefined) delete hook.url;
      } else if (info.phase === "error") {
        hook.outcome = "failed";
        const message = text(prop(payload, "message"));
        if (message !== undefined) hook.message = message;
      } else if (info.phase === "warning") {
        hook.warnings++;
      } else if (info.phase === "mapping") {
        const mappings = prop(payload, "mappings");
        for (const m of Array.isArray(mappings) ? mappings : []) {
          const [name, outcome] = [text(prop(m, "name")), text(prop(m, "outcome"))];
          if (name === undefined || outcome === undefined || outcome === "set") continue;
          const detail = text(prop(m, "detail"));
          (hook.mappings ??= []).push({ name, outcome, ...(detail === undefined ? {} : { detail }) });
        }
      }
    },
  };
}
