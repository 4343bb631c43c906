// An LSP client for tests: the built `pathway lsp --stdio` as a child process, spoken to with vscode-jsonrpc (the library VS Code's own client uses).
import { spawn, type ChildProcess } from "node:child_process";
import { pathToFileURL } from "node:url";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from "vscode-jsonrpc/node.js";
import { BIN } from "./cli.js";

/** A diagnostic as the server publishes it. */
export interface PublishedDiagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity: number;
  code: string;
  message: string;
}

/** One running server and the client side of its connection. */
export interface LspSession {
  connection: MessageConnection;
  child: ChildProcess;
  /** Everything the server wrote to stderr. */
  stderr: () => string;
  /** Every publishDiagnostics received, in order. */
  published: { uri: string; version?: number; diagnostics: PublishedDiagnostic[] }[];
  /** Every window/logMessage and window/showMessage text received, in order. */
  logs: string[];
  /** Every $/logTrace message received, in order (the server sends them when `trace` was asked for). */
  traces: string[];
  /** Resolves with the first log message since the call (or already received after `since`) that matches `pattern`. */
  log(pattern: RegExp, since?: number, timeoutMs?: number): Promise<string>;
  /** As `log`, for trace messages. */
  trace(pattern: RegExp, since?: number, timeoutMs?: number): Promise<string>;
  /** Opens a document with its text; returns its URI. */
  open(file: string, text: string, languageId?: string): Promise<string>;
  /** Replaces a document's whole text (version increments); resolves to the new version. */
  change(uri: string, text: string): Promise<number>;
  /** Tells the server the document was saved (didSave); diagnostics after this count as its latest. */
  save(uri: string): Promise<void>;
  /** Resolves with the latest diagnostics for `uri` since its last open or change that satisfy `until` (default: any), or waits for them. */
  diagnostics(uri: string, until?: (d: PublishedDiagnostic[]) => boolean, timeoutMs?: number): Promise<PublishedDiagnostic[]>;
  /** Sends shutdown and exit; resolves with the process's exit code. */
  stop(): Promise<number | null>;
}

/** How the test client introduces itself. */
export interface LspClientOptions {
  /** Sent as `initializationOptions` in initialize. */
  initializationOptions?: unknown;
  /** When given, the client declares `workspace.configuration` and answers each section's request from this object (by section name). */
  configuration?: Record<string, unknown>;
  /** Sent as `trace` in initialize ("verbose": the server's $/logTrace messages are collected in `traces`). */
  trace?: "off" | "messages" | "verbose";
  /** Run with the connection listening, before `initialize` is sent. */
  beforeInitialize?: (connection: MessageConnection) => Promise<void>;
}

/** Starts `pathway lsp --stdio` in `cwd` and initializes it with `cwd` as the workspace root. */
export async function startLsp(cwd: string, env: Record<string, string> = {}, client: LspClientOptions = {}): Promise<LspSession> {
  const child = spawn(process.execPath, [BIN, "lsp", "--stdio"], {
    cwd,
    env: { PATH: process.env.PATH ?? "", HOME: cwd, NO_COLOR: "1", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published: LspSession["published"] = [];
  const waiters = new Set<() => void>();
  connection.onNotification("textDocument/publishDiagnostics", (params: LspSession["published"][number]) => {
    published.push(params);
    for (const w of [...waiters]) w();
  });
  const logs: string[] = [];
  const traces: string[] = [];
  const logWaiters = new Set<() => void>();
  const collect = (method: string, into: string[]) =>
    connection.onNotification(method, (params: { message: string }) => {
      into.push(params.message);
      for (const w of [...logWaiters]) w();
    });
  collect("window/logMessage", logs);
  collect("window/showMessage", logs);
  collect("$/logTrace", traces);
  /** The first line of `list` after `since` matching `pattern`, now or when it arrives. */
  const waitFor = (what: string, list: string[], pattern: RegExp, since: number, timeoutMs: number) =>
    new Promise<string>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const check = () => {
        const hit = list.slice(since).find((l) => pattern.test(l));
        if (hit === undefined) return;
        logWaiters.delete(check);
        clearTimeout(timer);
        resolve(hit);
      };
      timer = setTimeout(() => {
        logWaiters.delete(check);
        reject(new Error(`no ${what} matching ${pattern} within ${timeoutMs} ms; got: ${list.join(" | ")}; stderr: ${stderr}`));
      }, timeoutMs);
      logWaiters.add(check);
      check();
    });
  if (client.configuration) {
    const settings = client.configuration;
    connection.onRequest("workspace/configuration", (params: { items: { section?: string }[] }) =>
      params.items.map((item) => settings[item.section ?? ""] ?? null),
    );
  }
  connection.listen();
  await client.beforeInitialize?.(connection);
  const capabilities = client.configuration ? { workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: false } } } : {};
  await connection.sendRequest("initialize", {
    processId: null,
    rootUri: pathToFileURL(cwd).href,
    capabilities,
    ...(client.initializationOptions !== undefined && { initializationOptions: client.initializationOptions }),
    ...(client.trace && { trace: client.trace }),
  });
  await connection.sendNotification("initialized", {});
  const versions = new Map<string, number>();
  // Diagnostics after the latest open or change of each document count, even when they arrive before the test asks.
  const marks = new Map<string, number>();
  return {
    connection,
    child,
    stderr: () => stderr,
    published,
    logs,
    traces,
    log: (pattern, since = logs.length, timeoutMs = 20_000) => waitFor("log message", logs, pattern, since, timeoutMs),
    trace: (pattern, since = traces.length, timeoutMs = 20_000) => waitFor("trace message", traces, pattern, since, timeoutMs),
    async open(file, text, languageId = "json") {
      const uri = pathToFileURL(file).href;
      versions.set(uri, 1);
      marks.set(uri, published.length);
      await connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId, version: 1, text } });
      return uri;
    },
    async change(uri, text) {
      const version = (versions.get(uri) ?? 1) + 1;
      versions.set(uri, version);
      marks.set(uri, published.length);
      await connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text }] });
      return version;
    },
    async save(uri) {
      marks.set(uri, published.length);
      await connection.sendNotification("textDocument/didSave", { textDocument: { uri } });
    },
    diagnostics(uri, until = () => true, timeoutMs = 20_000) {
      const seen = marks.get(uri) ?? published.length;
      return new Promise((resolve, reject) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const check = () => {
          const hit = published.slice(seen).findLast((p) => p.uri === uri && until(p.diagnostics));
          if (!hit) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(hit.diagnostics);
        };
        timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no diagnostics for ${uri} within ${timeoutMs} ms; stderr: ${stderr}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async stop() {
      await connection.sendRequest("shutdown");
      await connection.sendNotification("exit");
      const code = await exited;
      connection.dispose();
      return code;
    },
  };
}
