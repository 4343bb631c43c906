// The language server: the connection, the client's settings, and the editor features over the open documents (whose analysis is document-analysis.ts).
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  DidChangeConfigurationNotification,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type Diagnostic as LspDiagnostic,
  type InitializeResult,
} from "vscode-languageserver";
import { createConnection as createServerConnection, type WatchDog } from "vscode-languageserver/lib/common/server.js";
import { createProtocolConnection } from "vscode-languageserver/node.js";
import { TextDocument } from "vscode-languageserver-textdocument";
import type { Diagnostic } from "../diagnostics/index.js";
import type { Host } from "../host/host.js";
import { loadRuleCatalogue } from "../engine/check/rule-catalogue.js";
import { getCodeActions } from "./code-actions.js";
import { FIX_ALL_KIND, getFixAllAction, getRuleFixActions } from "./rule-fixes.js";
import { getCompletions } from "./completion.js";
import { createDocumentAnalysis, type DocumentState } from "./document-analysis.js";
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
  /** Largest document analysed, in bytes, unless the client's pathwaykit.maxDocumentSizeMB says otherwise (the CLI's --max-file-size). */
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

const SEVERITY = { error: 1, warning: 2, info: 3 } as const;

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
  const transport = createTransport(
    options.input,
    options.output,
    {
      fatal: (reason) => finish({ code: 1, reason }),
      skipped: (reason) => warn(`pathway lsp: skipped ${reason}`),
    },
    options.stallMs === undefined ? {} : { stallMs: options.stallMs },
  );
  const connection: Connection = createServerConnection((logger) => createProtocolConnection(transport.reader, transport.writer, logger), watchDog);
  warn = (message) => connection.console.warn(redact(message));
  const ended = () => finish({ code: watchDog.shutdownReceived ? 0 : 1 });
  options.input.on("end", ended);
  options.input.on("close", ended);
  /** A message the server cannot act on: the client's log shows which and why, and nothing else changes. */
  const skip = (method: string, problem: string) => warn(`pathway lsp: skipped ${method}: ${problem}`);
  const documents = new TextDocuments(TextDocument);
  /** The settings: the defaults (the size from the command line), then initializationOptions, then the workspace configuration. */
  const defaults: LspConfig = { ...DEFAULT_LSP_CONFIG, maxDocumentSizeMB: options.maxFileBytes / 1024 / 1024 };
  let config: LspConfig = defaults;
  let initializationOptions: unknown;
  let pulledSettings: unknown;
  const toLsp = (d: Diagnostic): LspDiagnostic => ({
    range: toLspRange(d.range),
    severity: SEVERITY[d.severity],
    code: d.ruleId,
    ...(d.url && { codeDescription: { href: d.url } }),
    source: "pathway",
    message: redact(d.message),
  });
  // Reads see the editor's text of open documents; module imports only while the client allows them.
  const host = createWorkspaceHost(options.host, { textOf: (file) => analysis.openText(file), runModules: () => config.runModules }, () => analysis.maxBytes());
  const analysis = createDocumentAnalysis({
    connection,
    documents,
    host,
    config: () => config,
    toLsp,
    debounceMs,
    skip,
    log: (message) => connection.console.log(redact(message)),
    trace: (message) => connection.tracer.log(redact(message)),
  });
  const states = analysis.states;

  /** Applies the settings again; what depended on them is published anew (a module's notice, findings under new budgets). */
  const refreshConfig = () => {
    const before = config;
    const { config: next, problems } = resolveLspConfig(defaults, initializationOptions, pulledSettings);
    for (const problem of problems) warn(`pathway lsp: ${problem}`);
    config = next;
    analysis.configChanged(before);
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
      codeActionProvider: { codeActionKinds: ["quickfix", FIX_ALL_KIND] },
    },
    serverInfo: { name: "pathway lsp" },
  };
  connection.onInitialize((params) => {
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
    const fresh = text.length <= analysis.maxBytes() ? getPathwayFacts(text) : undefined;
    state.facts = fresh ?? (state.goodText === undefined ? undefined : getPathwayFacts(state.goodText)) ?? state.facts;
    state.goodText = undefined;
    return state.facts;
  };

  /** The state, document, facts and offset of a position request, when the document is one the features cover. */
  const at = (uri: string, position: { line: number; character: number }) => {
    const state = states.get(uri);
    const doc = documents.get(uri);
    // Over the size limit nothing is analysed on this thread either: parsing it for facts would hold the server up.
    if (!state || !doc || doc.getText().length > analysis.maxBytes()) return undefined;
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
    // The rules' fixes hold for the text they were found in; after an edit, the next analysis brings them again.
    const current = a.diagnosticsVersion === doc.version;
    if (context.only?.some((k) => FIX_ALL_KIND.startsWith(k) && k.startsWith("source"))) {
      const all = current ? getFixAllAction(textDocument.uri, doc, a.diagnostics) : undefined;
      return all ? [all] : [];
    }
    const codes = new Set(context.diagnostics.map((d) => String(d.code)));
    const wanted = a.diagnostics.filter((d) => codes.has(d.ruleId) && context.diagnostics.some((c) => c.range.start.line === toLspRange(d.range).start.line));
    const fromRules = current ? getRuleFixActions(textDocument.uri, doc, wanted) : [];
    return [
      ...fromRules,
      ...(await getCodeActions(host, { uri: textDocument.uri, file: a.file, text: doc.getText(), facts: factsOf(a, doc), diagnostics: wanted })),
    ];
  });
  connection.onShutdown(() => {
    watchDog.shutdownReceived = true;
    analysis.dispose();
  });

  documents.listen(guardDocumentNotifications(connection, skip));
  connection.listen();
  return finished.then((exit) => {
    analysis.dispose();
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
