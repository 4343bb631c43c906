// What long engine operations (fetch, drift check, log, diagram rendering) report as each item finishes.

/** One item done: how many so far, of how many, and which (a file name, `version 3`). */
export interface ProgressEvent {
  done: number;
  total: number;
  detail: string;
}
