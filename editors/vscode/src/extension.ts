// The VS Code client of `pathway lsp`: starts the project's (or the bundled) server, lets it run pathway modules only in a trusted workspace, and adds the review page and diagram commands.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as vscode from "vscode";
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from "vscode-languageclient/node";
import { chooseServer, withTrust, type Server } from "./trust";

let client: LanguageClient | undefined;

/** The setting, else (in a trusted workspace) the project's node_modules/pathwaykit, else the copy inside the extension. */
function findServer(context: vscode.ExtensionContext): Server {
  return chooseServer({
    trusted: vscode.workspace.isTrusted,
    // A restricted setting (package.json): in a workspace that is not trusted, VS Code gives only the user's own value.
    configured: vscode.workspace.getConfiguration("pathwaykit").get<string>("serverPath"),
    projectScripts: (vscode.workspace.workspaceFolders ?? [])
      .map((folder) => path.join(folder.uri.fsPath, "node_modules", "pathwaykit", "bin", "pathway.cjs"))
      .filter((file) => existsSync(file)),
    bundled: context.asAbsolutePath(path.join("server", "bin", "pathway.cjs")),
  });
}

/** Runs `pathway <args>` in the file's workspace folder and resolves with stdout (rejects with stderr). */
function runPathway(context: vscode.ExtensionContext, args: string[], cwd: string): Promise<string> {
  const server = findServer(context);
  // The editor's executable runs a script as Node when ELECTRON_RUN_AS_NODE is set (VS Code's extension host is Electron).
  const [command, argv, env] = "command" in server ? [server.command, args, {}] : [process.execPath, [server.script, ...args], { ELECTRON_RUN_AS_NODE: "1" }];
  return new Promise((resolve, reject) => {
    execFile(command, argv, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, ...env, NO_COLOR: "1" } }, (error, stdout, stderr) => {
      if (error && !stdout) reject(new Error(stderr.trim() || error.message));
      else resolve(stdout);
    });
  });
}

/** The active editor's file, saved, when it is a file on disk. */
async function activeFile(): Promise<string | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.scheme !== "file") {
    void vscode.window.showWarningMessage("Open a pathway JSON file first.");
    return undefined;
  }
  if (editor.document.isDirty) await editor.document.save();
  return editor.document.uri.fsPath;
}

/** A webview showing `html` as it is: the page's own Content-Security-Policy (nothing may load; its hashed script only) stays in force. */
function showPage(title: string, html: string, scripts: boolean): void {
  const panel = vscode.window.createWebviewPanel("pathwaykit", title, vscode.ViewColumn.Beside, { enableScripts: scripts, localResourceRoots: [] });
  panel.webview.html = html;
}

async function openReviewPage(context: vscode.ExtensionContext): Promise<void> {
  const file = await activeFile();
  if (!file) return;
  const dir = mkdtempSync(path.join(tmpdir(), "pathwaykit-review-"));
  try {
    const out = path.join(dir, "review.html");
    await runPathway(context, ["report", file, "-o", out], path.dirname(file));
    showPage(`Review: ${path.basename(file)}`, readFileSync(out, "utf8"), true);
  } catch (error) {
    void vscode.window.showErrorMessage(`pathway report failed: ${(error as Error).message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The SVG as an image, never inline markup: text from the pathway cannot become script in the webview. */
function diagramPage(svg: string): string {
  const src = `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"></head><body style="margin:0;background:#fff"><img alt="pathway diagram" style="max-width:none" src="${src}"></body></html>`;
}

async function showDiagram(context: vscode.ExtensionContext): Promise<void> {
  const file = await activeFile();
  if (!file) return;
  try {
    // The bundled copy has no elkjs (an optional package of pathwaykit): it lays out with the built-in ranks engine.
    const server = findServer(context);
    const engine = "bundled" in server ? "ranks" : "elk";
    const svg = await runPathway(context, ["diagram", file, "--format", "svg", "--engine", engine, "-o", "-"], path.dirname(file));
    showPage(`Diagram: ${path.basename(file)}`, diagramPage(svg), false);
  } catch (error) {
    void vscode.window.showErrorMessage(`pathway diagram failed: ${(error as Error).message}`);
  }
}

/** A client for the server `findServer` picks now, with the workspace's trust as its permission to run modules. */
function createClient(context: vscode.ExtensionContext): LanguageClient {
  const server = findServer(context);
  // A script is forked by the client with the editor's Node, which adds --stdio itself for the stdio transport.
  const serverOptions: ServerOptions =
    "command" in server ? { command: server.command, args: ["lsp", "--stdio"] } : { module: server.script, args: ["lsp"], transport: TransportKind.stdio };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "json" },
      { scheme: "file", pattern: "**/*.scenario.{yaml,yml,json}" },
      { scheme: "file", pattern: "**/*.request.{json,yaml,yml}" },
      { scheme: "file", pattern: "**/*.pathway.{ts,mts}" },
    ],
    // Analysing a *.pathway.ts module runs it: the server may do so only in a trusted workspace.
    initializationOptions: withTrust({}, vscode.workspace.isTrusted),
    middleware: {
      workspace: {
        // Every answer about the pathwaykit section carries runModules from trust, whatever a settings file says.
        configuration: async (params, token, next) => {
          const answers = await next(params, token);
          if (!Array.isArray(answers)) return answers;
          return answers.map((answer, i) => (params.items[i]?.section === "pathwaykit" ? withTrust(answer, vscode.workspace.isTrusted) : answer));
        },
        // Settings pushed with the notification would skip the answer above: send none, and the server asks for them.
        didChangeConfiguration: (_sections, next) => next(undefined),
      },
    },
  };
  return new LanguageClient("pathwaykit", "pathwaykit", serverOptions, clientOptions);
}

/** Starts the language client for pathway JSON (the server tells pathways from other JSON by content), scenarios, requests and modules. */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  client = createClient(context);
  context.subscriptions.push(
    vscode.commands.registerCommand("pathwaykit.openReviewPage", () => openReviewPage(context)),
    vscode.commands.registerCommand("pathwaykit.showDiagram", () => showDiagram(context)),
    // Trust can change the server (the project's own install may now start) and lets it run modules: start afresh.
    vscode.workspace.onDidGrantWorkspaceTrust(async () => {
      await client?.stop();
      client = createClient(context);
      await client.start();
    }),
  );
  await client.start();
}

/** Stops the server with the editor. */
export async function deactivate(): Promise<void> {
  await client?.stop();
}
