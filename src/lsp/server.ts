// The language server: open documents, debounced analysis that drops stale results, and the editor features, over one LSP connection.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DidChangeConfigurationNotification, TextDocuments, TextDocumentSyncKind, type Connection, type Diagnostic as LspDiagnostic, type InitializeResult } from "vscode-languageserver";
import { createConnection as createServerConnection, type WatchDog } from "vscode-languageserver/lib/common/server.js";
import { createProtocolConnection } from "vscode-languageserver/node.js";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { Diagnostic } from "../diagnostics/index.js";
import type { Host } from "../host/host.js";
import { loadRuleCatalogue } from "../engine/rule-catalogue.js";
import { analyzeDocument, getDocumentKind, getModuleNotRunFinding, type DocumentKind } from "./analyze.js";
import { getCodeActions } from "./code-actions.js";
import { getCompletions } from "./completion.js";
import { getDefinition, getHover, getReferences, toLspRange } from "./navigation.js";
import { getPathwayFacts, type PathwayFacts } from "./pathway-facts.js";
import { getScenarioDefinition } from "./scenario-navigation.js";
import { DEFAULT_LSP_CONFIG, resolveLspConfig, SETTINGS_SECTION, type LspConfig } from "./settings.js";
import { guardDocumentNotifications, requireCodeActionParams, requireDocumentParams, requirePositionParams, requireQueryParams } from "./message-guard.js";
import { getDocumentSymbols, getWorkspaceSymbols } from "./symbols.js";
import { createTransport } from "./transport.js";
import { createWorkspaceHost } from "./workspace-host.js";

/** Options of `startLspServer`. */
export interface LspServerOptions {
  /** Files, environment and module loading (the CLI's host); the server reads through it and never writes. */
  host: Host;
  /** The client's messages (standard input for `--stdio`). */
  input: NodeJS.ReadableStream;
  /** Where answers go (standard output for `--stdio`). */
  output: NodeJS.WritableStream;
  /** Largest document analysed, in bytes (the CLI's --max-file-size). */
  maxFileBytes: number;
  /** Quiet time after a change before analysis starts. Default 50 ms (a burst of keystrokes is one analysis). */
  debounceMs?: number;
  /** Hides secrets in every text sent to the client. Default: none. */
  redact?: (text: string) => string;
  /** How long a message may stay incomplete with no byte arriving before the stream counts as broken. Default 5000 ms. */
  stallMs?: number;
}

/** How the server ended: `code` is 0 after shutdown then exit, else 1; `reason` says why when the stream broke. */
export interface LspExit {
  code: 0 | 1;
  /** One line for stderr: the client sent a frame that cannot be read (the stream ends there). */
  reason?: string;
}

/** One open document's state: what it is, its latest findings, and the facts of its last text that parsed. */
interface DocumentState {
  kind: DocumentKind;
  file: string;
  diagnostics: Diagnostic[];
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

const SEVERITY = { error: 1, warning: 2, info: 3 } as const;

/** Yields to the event loop, so messages that arrived meanwhile (a newer change, a cancel) are read before more work. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Serves LSP over `input`/`output` until the client sends `exit` or closes the stream, or sends a frame that cannot be
 * read; resolves with the exit code the protocol asks for (0 after `shutdown`, else 1) and, for a broken frame, why.
 * A malformed message is skipped (a request gets a JSON-RPC error) and the server reads on. Never ends the process
 * itself (the CLI returns the code) and never writes a file.
 */
export function startLspServer(options: LspServerOptions): Promise<LspExit> {
  const redact = options.redact ?? ((text: string) => text);
  const debounceMs = options.debounceMs ?? 50;
  let finish: (exit: LspExit) => void = () => {};
  const finished = new Promise<LspExit>((resolve) => (finish = resolve));
  const watchDog: WatchDog = { shutdownReceived: false, initialize: () => {}, exit: (code) => finish({ code: code === 0 ? 0 : 1 }) };
  // The transport reports before the connection exists (it is made from the transport): its log goes through this.
  let warn = (_message: string) => {};
  const transport = createTransport(options.input, options.output, {
    fatal: (reason) => finish({ code: 1, reason }),
    skipped: (reason) => warn(`pathway lsp: skipped ${reason}`),
  }, options.stallMs === undefined ? {} : { stallMs: options.stallMs });
  const connection: Connection = createServerConnection((logger) => createProtocolConnection(transport.reader, transport.writer, logger), watchDog);
  warn = (message) => connection.console.warn(redact(message));
  const ended = () => finish({ code: watchDog.shutdownReceived ? 0 : 1 });
  options.input.on("end", ended);
  options.input.on("close", ended);
  /** A message the server cannot act on: the client's log shows which and why, and nothing else changes. */
  const skip = (method: string, problem: string) => warn(`pathway lsp: skipped ${method}: ${problem}`);
  const documents = new TextDocuments(TextDocument);
  const states = new Map<string, DocumentState>();
  const openText = (file: string) => {
    for (const [uri, state] of states) if (state.file === file) return documents.get(uri)?.getText();
    return undefined;
  };
  /** The settings: the defaults, then the client's initializationOptions, then its workspace configuration (pulled). */
  let config: LspConfig = DEFAULT_LSP_CONFIG;
  let initializationOptions: unknown;
  let pulledSettings: unknown;
  const host = createWorkspaceHost(options.host, { textOf: openText, runModules: () => config.runModules }, options.maxFileBytes);

  const toLsp = (d: Diagnostic): LspDiagnostic => ({
    range: toLspRange(d.range),
    severity: SEVERITY[d.severity],
    code: d.ruleId,
    ...(d.url && { codeDescription: { href: d.url } }),
    source: "pathway",
    message: redact(d.message),
  });

  /**
   * A module's findings when the server may not run it: one information finding saying why and how to allow it
   * (none once it may: it is then built on each save).
   */
  const publishModuleNotice = (uri: string) => {
    const doc = documents.get(uri);
    if (!doc) return;
    const notice = config.runModules ? [] : [getModuleNotRunFinding()];
    void connection.sendDiagnostics({ uri, version: doc.version, diagnostics: notice.map(toLsp) });
  };

  const analyze = async (uri: string) => {
    const state = states.get(uri);
    const doc = documents.get(uri);
    if (!state || !doc) return;
    if (state.kind === "module" && !config.runModules) return publishModuleNotice(uri);
    const generation = state.generation;
    await yieldToLoop();
    if (state.generation !== generation) return;
    const findings = await analyzeDocument(host, state.file, state.kind);
    // A newer change arrived while this ran: its own analysis will publish; this result is stale.
    if (state.generation !== generation || !states.has(uri)) return;
    state.diagnostics = findings.diagnostics;
    await connection.sendDiagnostics({ uri, version: doc.version, diagnostics: findings.diagnostics.map(toLsp) });
    if (state.kind === "pathway" && !findings.diagnostics.some((d) => d.ruleId === "parse-error")) state.goodText = doc.getText();
  };

  const schedule = (uri: string, delay = debounceMs) => {
    const state = states.get(uri);
    if (!state) return;
    state.generation++;
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      analyze(uri).catch((error: unknown) => connection.console.error(redact(`pathway lsp: analysis failed: ${String(error)}`)));
    }, delay);
  };

  const track = (doc: TextDocument) => {
    if (!doc.uri.startsWith("file:")) return undefined;
    let file: string;
    try {
      file = fileURLToPath(doc.uri);
    } catch (error) {
      // file://host/... (no local path on this system) or a malformed escape: the document is not one the server can read.
      skip("textDocument/didOpen", `${doc.uri} names no local file (${error instanceof Error ? error.message : String(error)})`);
      return undefined;
    }
    const old = states.get(doc.uri);
    const kind = old?.kind === "pathway" ? "pathway" : getDocumentKind(file, doc.getText());
    const state: DocumentState = old ? { ...old, kind } : { kind, file, diagnostics: [], generation: 0 };
    states.set(doc.uri, state);
    return state;
  };

  /** What depends on `kind` being edited: a config changes every open file's findings, a pathway its scenarios' and requests'. */
  const rescheduleDependents = (uri: string, kind: DocumentKind) => {
    if (kind !== "config" && kind !== "pathway") return;
    for (const [other, state] of states) {
      if (other === uri) continue;
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
    states.delete(document.uri);
    void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  /** Applies the settings again; what depended on runModules is published anew (a notice, or its removal). */
  const refreshConfig = () => {
    const before = config;
    const { config: next, problems } = resolveLspConfig(DEFAULT_LSP_CONFIG, initializationOptions, pulledSettings);
    for (const problem of problems) warn(`pathway lsp: ${problem}`);
    config = next;
    if (before.runModules === config.runModules) return;
    for (const [uri, state] of states) if (state.kind === "module") publishModuleNotice(uri);
  };
  let canPullSettings = false;
  let canRegisterForSettings = false;
  const pullSettings = async () => {
    if (!canPullSettings) return;
    try {
      pulledSettings = await connection.workspace.getConfiguration(SETTINGS_SECTION);
    } catch (error) {
      warn(`pathway lsp: could not read the client's ${SETTINGS_SECTION} settings (${error instanceof Error ? error.message : String(error)})`);
    }
    refreshConfig();
  };
  connection.onInitialized(async () => {
    if (canRegisterForSettings) await connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION });
    await pullSettings();
  });
  connection.onDidChangeConfiguration(async (params) => {
    // Some clients push the settings (Neovim sends its whole settings table); others say only that they changed.
    const pushed = (params?.settings as Record<string, unknown> | null | undefined)?.[SETTINGS_SECTION];
    if (pushed !== undefined && pushed !== null) {
      pulledSettings = pushed;
      refreshConfig();
    } else await pullSettings();
  });

  const initializeResult: InitializeResult = {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
      hoverProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      documentSymbolProvider: true,
      workspaceSymbolProvider: true,
      completionProvider: { triggerCharacters: ['"', ":", " "] },
      codeActionProvider: { codeActionKinds: ["quickfix"] },
    },
    serverInfo: { name: "pathway lsp" },
  };  connection.onInitialize((params) => {
    initializationOptions = params.initializationOptions;
    canPullSettings = params.capabilities.workspace?.configuration === true;
    canRegisterForSettings = params.capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
    refreshConfig();
    return initializeResult;
  });


  /**
   * The facts of a pathway document's current text, made on the first request after a change (typing pays only for
   * the diagnostics). A text that does not parse keeps the last good facts: hover and navigation go on working.
   */
  const factsOf = (state: DocumentState, doc: TextDocument): PathwayFacts | undefined => {
    if (state.kind !== "pathway" || state.factsVersion === doc.version) return state.facts;
    state.factsVersion = doc.version;
    const text = doc.getText();
    const fresh = text.length <= options.maxFileBytes ? getPathwayFacts(text) : undefined;
    state.facts = fresh ?? (state.goodText === undefined ? undefined : getPathwayFacts(state.goodText)) ?? state.facts;
    state.goodText = undefined;
    return state.facts;
  };

  /** The state, document, facts and offset of a position request, when the document is one the features cover. */
  const at = (uri: string, position: { line: number; character: number }) => {
    const state = states.get(uri);
    const doc = documents.get(uri);
    if (!state || !doc || doc.getText().length > options.maxFileBytes) return undefined;
    return { state, doc, facts: factsOf(state, doc), text: doc.getText(), offset: doc.offsetAt(position) };
  };
  /** The facts of the open pathway `uri`, if any. */
  const factsOfUri = (uri: string) => {
    const state = states.get(uri);
    const doc = documents.get(uri);
    return state && doc ? factsOf(state, doc) : undefined;
  };

  connection.onHover(async (params) => {
    requirePositionParams("textDocument/hover", params);
    const { textDocument, position } = params;
    const a = at(textDocument.uri, position);
    if (!a) return null;
    const hover = getHover(a.facts, a.state.diagnostics, a.text, a.offset, position.line + 1, position.character + 1, (await loadRuleCatalogue()).all);
    if (hover && typeof hover.contents === "object" && "value" in hover.contents) hover.contents.value = redact(hover.contents.value);
    return hover ?? null;
  });
  /** The facts of the open pathway document of `file`, if one is open. */
  const openFacts = (file: string) => {
    for (const [uri, s] of states) if (s.file === file) return factsOfUri(uri);
    return undefined;
  };
  connection.onDefinition(async (params) => {
    requirePositionParams("textDocument/definition", params);
    const { textDocument, position } = params;
    const a = at(textDocument.uri, position);
    if (a?.state.kind === "scenario") return getScenarioDefinition(host, a.state.file, a.text, position.line, openFacts);
    return a ? getDefinition(a.facts, a.text, a.offset, textDocument.uri) : [];
  });
  connection.onReferences((params) => {
    requirePositionParams("textDocument/references", params);
    const { textDocument, position, context } = params;
    const a = at(textDocument.uri, position);
    return a ? getReferences(a.facts, a.text, a.offset, textDocument.uri, context.includeDeclaration) : [];
  });
  connection.onDocumentSymbol((params) => {
    requireDocumentParams("textDocument/documentSymbol", params);
    const facts = factsOfUri(params.textDocument.uri);
    return facts ? getDocumentSymbols(facts) : [];
  });
  connection.onWorkspaceSymbol((params) => {
    requireQueryParams(params);
    const open = [...states.keys()].flatMap((uri) => {
      const facts = factsOfUri(uri);
      return facts ? [{ uri, facts }] : [];
    });
    return getWorkspaceSymbols(open, params.query);
  });
  connection.onCompletion(async (params) => {
    requirePositionParams("textDocument/completion", params);
    const { textDocument, position } = params;
    const a = at(textDocument.uri, position);
    if (!a) return [];
    return getCompletions(host, { kind: a.state.kind, file: a.state.file, facts: a.facts, text: a.text, offset: a.offset, line: position.line }, openFacts);
  });
  connection.onCodeAction(async (params) => {
    requireCodeActionParams(params);
    const { textDocument, context } = params;
    const a = states.get(textDocument.uri);
    const doc = documents.get(textDocument.uri);
    if (!a || !doc || a.kind !== "pathway") return [];
    const codes = new Set(context.diagnostics.map((d) => String(d.code)));
    const wanted = a.diagnostics.filter((d) => codes.has(d.ruleId) && context.diagnostics.some((c) => c.range.start.line === toLspRange(d.range).start.line));
    return getCodeActions(host, { uri: textDocument.uri, file: a.file, text: doc.getText(), facts: factsOf(a, doc), diagnostics: wanted });
  });
  connection.onShutdown(() => {
    watchDog.shutdownReceived = true;
    for (const state of states.values()) {
      clearTimeout(state.timer);
    }
  });

  documents.listen(guardDocumentNotifications(connection, skip));
  connection.listen();
  return finished.then((exit) => {
    for (const state of states.values()) {
      clearTimeout(state.timer);
    }
    connection.dispose();
    // The input (stdin) would keep the process alive after the client said exit: stop reading it.
    (options.input as { destroy?: () => void }).destroy?.();
    return exit;
  });
}

/** The file URI of an absolute path (for tests and the code actions' config edits). */
export function toFileUri(file: string): string {
  return pathToFileURL(path.resolve(file)).href;
}
