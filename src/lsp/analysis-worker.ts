// The analysis thread's entry: one document's findings at a time, from the engine's operations over a read-only host, inside the time and memory the server allows the thread.
import { isMainThread, parentPort, workerData } from "node:worker_threads";
import type { Diagnostic } from "../diagnostics/index.js";
import type { DocumentKind } from "./analyze.js";

/** This file's URL: the server starts its analysis thread from it (in the CLI's bundle, the chunk this code is in). */
export const ANALYSIS_WORKER_URL = import.meta.url;

/** What the server gives the thread when it starts it. */
export interface AnalysisWorkerData {
  role: "pathwaykit-analysis";
  /** The project's folder and environment (the server's host's own). */
  cwd: string;
  env: Record<string, string | undefined>;
}

/** One document to analyse, with the editor's text of every open document the analysis may read. */
export interface AnalysisRequest {
  id: number;
  file: string;
  kind: DocumentKind;
  /** Open documents (absolute path → text) within the size limit. */
  texts: [string, string][];
  /** Open documents over the size limit (absolute path → UTF-8 bytes): read as refused, never from disk. */
  oversized: [string, number][];
  /** The size limit, in bytes, for open documents and files read from disk alike. */
  maxFileBytes: number;
}

/** The thread's answer to one request. */
export type AnalysisResponse = { id: number; diagnostics: Diagnostic[] } | { id: number; error: string };

async function answer(request: AnalysisRequest, data: AnalysisWorkerData): Promise<AnalysisResponse> {
  // Loaded here, not at the top: the server imports this file on its own thread only for its URL.
  const [{ createNodeHost }, { createWorkspaceHost }, { analyzeDocument }] = await Promise.all([
    import("../host/node-host.js"),
    import("./workspace-host.js"),
    import("./analyze.js"),
  ]);
  const texts = new Map(request.texts);
  const oversized = new Map(request.oversized);
  const base = createNodeHost({ cwd: data.cwd, env: data.env, maxFileBytes: request.maxFileBytes });
  // No runModules: a module is built on the server's own thread, with the CLI's guarded host; this thread runs none.
  const host = createWorkspaceHost(base, { textOf: (file) => texts.get(file), sizeOf: (file) => oversized.get(file) }, request.maxFileBytes);
  try {
    return { id: request.id, diagnostics: (await analyzeDocument(host, request.file, request.kind)).diagnostics };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

if (!isMainThread && (workerData as AnalysisWorkerData | undefined)?.role === "pathwaykit-analysis") {
  const data = workerData as AnalysisWorkerData;
  parentPort!.on("message", (request: AnalysisRequest) => {
    void answer(request, data).then((response) => parentPort!.postMessage(response));
  });
}
