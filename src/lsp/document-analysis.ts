// Each open document's findings: when it is analysed (debounced; a module only on save, where allowed), where (the analysis thread, within its size, time and memory budget), and what is published.
import { fileURLToPath } from "node:url";
import type { Connection, Diagnostic as LspDiagnostic, TextDocuments } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Diagnostic } from "../diagnostics/index.js";
import type { Host } from "../host/host.js";
import { createAnalysisPool, type AnalysisJob, type AnalysisOutcome } from "./analysis-pool.js";
import {
  analyzeDocument,
  getAnalysisFailedFinding,
  getDocumentKind,
  getModuleNotRunFinding,
  getOutOfMemoryFinding,
  getTimeoutFinding,
  getTooLargeFinding,
  hasFindings,
  type DocumentKind,
} from "./analyze.js";
import type { PathwayFacts } from "./pathway-facts.js";
import type { LspConfig } from "./settings.js";

/** One open document's state: what it is, its latest findings, and the facts of its last text that parsed. */
export interface DocumentState {
  kind: DocumentKind;
  file: string;
  diagnostics: Diagnostic[];
  /** The document version `diagnostics` are of: their fixes' offsets hold only for that text. */
  diagnosticsVersion?: number;
  facts?: PathwayFacts;
  /** The document version `facts` was last looked for at: facts are made on the first feature request after a change. */
  factsVersion?: number;
  timer?: ReturnType<typeof setTimeout>;
  /**
   * The last text whose analysis parsed, until facts are made: a text that then stops parsing takes its facts from this
   * one, however soon the typing broke it (facts are only made on request).
   */
  goodText?: string;
  /** Bumped by every change: an analysis that finishes under an older generation is stale and dropped. */
  generation: number;
}

/** What `createDocumentAnalysis` works with. */
export interface DocumentAnalysisOptions {
  connection: Connection;
  documents: TextDocuments<TextDocument>;
  /** The server's host: a module is built through it, on the server's thread (see analysis-worker.ts). */
  host: Host;
  /** The settings now. */
  config: () => LspConfig;
  /** The diagnostic as the protocol sends it (secrets hidden). */
  toLsp: (d: Diagnostic) => LspDiagnostic;
  /** Quiet time after a change before analysis starts. */
  debounceMs: number;
  /** Reports a message the server skipped. */
  skip: (method: string, problem: string) => void;
  /** A line for the client's log. */
  log: (message: string) => void;
  /** A line for the client's trace ($/logTrace: sent only when the client turned tracing on): when analyses start, stop and end. */
  trace: (message: string) => void;
}

/** The open documents' states, for the editor features. */
export interface DocumentAnalysis {
  states: Map<string, DocumentState>;
  /** The editor's text of the open document at absolute path `file`. */
  openText(file: string): string | undefined;
  /** The size limit of documents now, in bytes. */
  maxBytes(): number;
  /** The settings changed from `before`: module notices follow runModules, and a changed budget analyses everything again. */
  configChanged(before: LspConfig): void;
  /** Stops every analysis and the analysis thread. */
  dispose(): void;
}

/** Yields to the event loop, so messages that arrived meanwhile (a newer change, a cancel) are read before more work. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The size of `text` in UTF-8 bytes, counted only when it could be over `limit` (a UTF-16 unit is 1 to 3 bytes). */
function byteSize(text: string, limit: number): number {
  return text.length * 3 <= limit ? text.length : Buffer.byteLength(text, "utf8");
}

/** What an analysis thread's outcome publishes, or undefined when it was cancelled (a newer analysis will publish). */
function toFindings(kind: DocumentKind, outcome: AnalysisOutcome, config: LspConfig): Diagnostic[] | undefined {
  switch (outcome.kind) {
    case "done":
      return outcome.diagnostics;
    case "cancelled":
      return undefined;
    case "timeout":
      return [getTimeoutFinding(kind, config.analysisTimeoutSeconds)];
    case "out-of-memory":
      return [getOutOfMemoryFinding(kind, config.analysisMemoryMB)];
    case "failed":
      return [getAnalysisFailedFinding(outcome.message)];
  }
}

/** Tracks the open documents of `options.documents` and publishes their findings. */
export function createDocumentAnalysis(options: DocumentAnalysisOptions): DocumentAnalysis {
  const { connection, documents, toLsp } = options;
  const states = new Map<string, DocumentState>();
  const pool = createAnalysisPool({
    cwd: options.host.cwd,
    env: options.host.env,
    onOutput: (text) => options.log(`pathway lsp (analysis): ${text.trimEnd()}`),
  });
  const maxBytes = () => Math.round(options.config().maxDocumentSizeMB * 1024 * 1024);

  /** The job for `state`: its file, and the editor's text of every open document (those over the limit by size only). */
  const jobOf = (state: DocumentState): AnalysisJob => {
    const limit = maxBytes();
    const texts: [string, string][] = [];
    const oversized: [string, number][] = [];
    for (const [uri, other] of states) {
      const text = documents.get(uri)?.getText();
      if (text === undefined) continue;
      const bytes = byteSize(text, limit);
      if (bytes > limit) oversized.push([other.file, bytes]);
      else texts.push([other.file, text]);
    }
    return { file: state.file, kind: state.kind, texts, oversized, maxFileBytes: limit };
  };

  /** A module the server may not run gets one information finding saying why (none once it may: it is built on save). */
  const publishModuleNotice = (uri: string) => {
    const doc = documents.get(uri);
    if (!doc) return;
    const notice = options.config().runModules ? [] : [getModuleNotRunFinding()];
    void connection.sendDiagnostics({ uri, version: doc.version, diagnostics: notice.map(toLsp) });
  };

  /** The findings of `state`'s document now, or undefined when its analysis was overtaken. */
  const findingsOf = async (state: DocumentState, doc: TextDocument, uri: string): Promise<Diagnostic[] | undefined> => {
    const config = options.config();
    if (state.kind === "module") return (await analyzeDocument(options.host, state.file, "module")).diagnostics;
    if (!hasFindings(state.kind)) return [];
    const limit = maxBytes();
    const bytes = byteSize(doc.getText(), limit);
    if (bytes > limit) return [getTooLargeFinding(state.kind, bytes, limit)];
    const what = `analysis of ${uri} (version ${doc.version})`;
    let started: number | undefined;
    const onStart = () => {
      started = Date.now();
      options.trace(`${what} started`);
    };
    const outcome = await pool.run(uri, jobOf(state), { timeoutMs: config.analysisTimeoutSeconds * 1000, memoryMb: config.analysisMemoryMB }, onStart);
    if (started !== undefined) {
      const why = !states.has(uri) ? "the document was closed" : "a newer version arrived";
      options.trace(outcome.kind === "cancelled" ? `${what} stopped: ${why}` : `${what} ended (${outcome.kind}) after ${Date.now() - started} ms`);
    }
    return toFindings(state.kind, outcome, config);
  };

  const analyze = async (uri: string) => {
    const state = states.get(uri);
    const doc = documents.get(uri);
    if (!state || !doc) return;
    if (state.kind === "module" && !options.config().runModules) return publishModuleNotice(uri);
    const generation = state.generation;
    await yieldToLoop();
    if (state.generation !== generation) return;
    const diagnostics = await findingsOf(state, doc, uri);
    // A newer change arrived while this ran: its own analysis will publish; this result is stale.
    if (diagnostics === undefined || state.generation !== generation || !states.has(uri)) return;
    state.diagnostics = diagnostics;
    state.diagnosticsVersion = doc.version;
    await connection.sendDiagnostics({ uri, version: doc.version, diagnostics: diagnostics.map(toLsp) });
    const parsed = !diagnostics.some((d) => d.ruleId === "parse-error" || d.ruleId === "too-large-to-analyse" || d.ruleId === "analysis-took-too-long");
    if (state.kind === "pathway" && parsed) state.goodText = doc.getText();
  };

  const schedule = (uri: string, delay = options.debounceMs) => {
    const state = states.get(uri);
    if (!state) return;
    state.generation++;
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      analyze(uri).catch((error: unknown) => options.log(`pathway lsp: analysis failed: ${String(error)}`));
    }, delay);
  };

  const track = (doc: TextDocument) => {
    if (!doc.uri.startsWith("file:")) return undefined;
    let file: string;
    try {
      file = fileURLToPath(doc.uri);
    } catch (error) {
      // file://host/... (no local path on this system) or a malformed escape: the document is not one the server can read.
      options.skip("textDocument/didOpen", `${doc.uri} names no local file (${error instanceof Error ? error.message : String(error)})`);
      return undefined;
    }
    const old = states.get(doc.uri);
    const kind = old?.kind === "pathway" ? "pathway" : getDocumentKind(file, doc.getText());
    const state: DocumentState = old ? { ...old, kind } : { kind, file, diagnostics: [], generation: 0 };
    states.set(doc.uri, state);
    return state;
  };

  /**
   * What depends on `kind` being edited: a config changes every open file's findings, a pathway its scenarios' and
   * requests'. Never a module: it is run only when saved.
   */
  const rescheduleDependents = (uri: string, kind: DocumentKind) => {
    if (kind !== "config" && kind !== "pathway") return;
    for (const [other, state] of states) {
      if (other === uri || state.kind === "module") continue;
      if (kind === "config" || state.kind === "scenario" || state.kind === "request") schedule(other);
    }
  };

  documents.onDidOpen(({ document }) => {
    const state = track(document);
    // A module is analysed by running it (as `pathway build` does): never on open, only after a save the user made,
    // and only where the client allows it (a trusted workspace, or pathwaykit.runModules).
    if (state?.kind === "module") publishModuleNotice(document.uri);
    else if (state) schedule(document.uri, 0);
  });
  documents.onDidChangeContent(({ document }) => {
    const state = track(document);
    if (!state || state.kind === "module") return;
    // The running analysis of the old text is stopped now, not when the debounced one starts: the thread is free sooner.
    pool.cancel(document.uri);
    schedule(document.uri);
    rescheduleDependents(document.uri, state.kind);
  });
  documents.onDidSave(({ document }) => {
    const state = states.get(document.uri);
    // Not allowed to run it: analyze publishes the notice again, so a save is answered either way.
    if (state?.kind === "module") schedule(document.uri, 0);
  });
  documents.onDidClose(({ document }) => {
    const state = states.get(document.uri);
    clearTimeout(state?.timer);
    pool.cancel(document.uri);
    states.delete(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  return {
    states,
    openText(file) {
      for (const [uri, state] of states) if (state.file === file) return documents.get(uri)?.getText();
      return undefined;
    },
    maxBytes,
    configChanged(before) {
      const now = options.config();
      if (before.runModules !== now.runModules) for (const [uri, state] of states) if (state.kind === "module") publishModuleNotice(uri);
      const budget = (c: LspConfig) => [c.maxDocumentSizeMB, c.analysisTimeoutSeconds, c.analysisMemoryMB].join();
      if (budget(before) !== budget(now)) for (const [uri, state] of states) if (state.kind !== "module") schedule(uri, 0);
    },
    dispose() {
      for (const state of states.values()) clearTimeout(state.timer);
      pool.dispose();
    },
  };
}
