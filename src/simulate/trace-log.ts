// A state's trace shared between states as a chain of chunks, so a long scenario costs each turn its own events only.
import type { SimState, TraceEvent } from "./types.js";

/**
 * A state's trace as a chain of per-transition chunks, each sharing its predecessor's. Copying the whole trace into
 * every new state made a scenario quadratic in its turns (200,000 turns: minutes); a chunk costs only its own events.
 */
export interface TraceLog {
  previous: TraceLog | undefined;
  events: readonly TraceEvent[];
  length: number;
  /** The whole trace as one array, once someone has read it. */
  whole?: readonly TraceEvent[];
}

/** The log behind each state the engine made; states built by hand have none and are read from their array. */
const logs = new WeakMap<SimState, TraceLog>();

/** The log of a state: the engine's, or one chunk holding a hand-built state's array. */
export function logOf(state: SimState): TraceLog {
  return logs.get(state) ?? { previous: undefined, events: state.trace, length: state.trace.length, whole: state.trace };
}

/** Joins a log's chunks into one array, from the nearest chunk that already has its whole trace. */
function wholeTrace(log: TraceLog): readonly TraceEvent[] {
  if (log.whole) return log.whole;
  const chunks: (readonly TraceEvent[])[] = [];
  let at: TraceLog | undefined = log;
  while (at && !at.whole) {
    chunks.push(at.events);
    at = at.previous;
  }
  const out: TraceEvent[] = at ? at.whole!.slice() : [];
  for (let i = chunks.length - 1; i >= 0; i--) for (const e of chunks[i]!) out.push(e);
  log.whole = out;
  return out;
}

/** The log behind `state`, or behind the state it inherits from (an object made with Object.create(state)). */
function logFor(state: object): TraceLog | undefined {
  for (let at: object | null = state; at; at = Object.getPrototypeOf(at) as object | null) {
    const log = logs.get(at as SimState);
    if (log) return log;
  }
  return undefined;
}

/** Replaces the accessor by a plain `trace` property holding `trace`. */
function settle(state: SimState, trace: readonly TraceEvent[]): void {
  Object.defineProperty(state, "trace", { value: trace, enumerable: true, writable: true, configurable: true });
}

/**
 * The one accessor every engine state's `trace` shares. One pair of functions for all states (not a pair per state)
 * keeps them one hidden class for V8: a pair per state made each state's shape its own, a tenth of generating
 * scenarios.
 */
const TRACE: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: SimState) {
    const log = logFor(this);
    const trace = log ? wholeTrace(log) : [];
    settle(this, trace);
    return trace;
  },
  // A caller that replaces the trace gets a plain property, and the log no longer speaks for this state.
  set(this: SimState, trace: readonly TraceEvent[]) {
    logs.delete(this);
    settle(this, trace);
  },
};

/**
 * Makes `log` the trace of `state` (which has no `trace` yet): `state.trace` stays a plain array to every reader,
 * built on first read and kept, so a runner that never reads a state's whole trace never pays for it.
 */
export function attachTraceLog(state: Omit<SimState, "trace">, log: TraceLog): asserts state is SimState {
  logs.set(state as SimState, log);
  Object.defineProperty(state, "trace", TRACE);
}

/** The events `after` has beyond `before`, a state it was reached from, without building either whole trace. */
export function getEventsSince(before: SimState, after: SimState): TraceEvent[] {
  const stop = logOf(before).length;
  const chunks: (readonly TraceEvent[])[] = [];
  let at: TraceLog | undefined = logOf(after);
  while (at && at.length > stop && !at.whole) {
    chunks.push(at.events);
    at = at.previous;
  }
  const out: TraceEvent[] = at && at.length > stop ? at.whole!.slice(stop) : [];
  for (let i = chunks.length - 1; i >= 0; i--) for (const e of chunks[i]!) out.push(e);
  return out;
}
