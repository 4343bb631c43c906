// Checks the shape of what a client sends before the server acts on it: a malformed notification is logged and skipped, a malformed request answered with InvalidParams.
import { ErrorCodes, ResponseError, type Connection, type Disposable, type TextDocuments } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { isObject } from "../model/pathway.js";

/** What `TextDocuments.listen` subscribes to (vscode-languageserver does not export the interface by name). */
type TextDocumentConnection = Parameters<TextDocuments<TextDocument>["listen"]>[0];

type Problem = string | undefined;

const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

/** `at` names what is wrong, as `params.textDocument.text`, or undefined when `value` is an object. */
function objectAt(value: unknown, at: string): Problem {
  return isObject(value) ? undefined : `${at} is ${value === null ? "null" : Array.isArray(value) ? "an array" : typeof value}, not an object`;
}

function stringAt(value: unknown, at: string): Problem {
  return typeof value === "string" ? undefined : `${at} is ${value === null ? "null" : typeof value}, not a string`;
}

function positionAt(value: unknown, at: string): Problem {
  return (
    objectAt(value, at) ??
    (isCount((value as Record<string, unknown>).line) && isCount((value as Record<string, unknown>).character)
      ? undefined
      : `${at} needs a line and a character that are whole numbers from 0`)
  );
}

/** What is wrong with `params.textDocument` (a uri, and more for an open), or undefined. */
function textDocumentProblem(params: unknown, open = false): Problem {
  const problem = objectAt(params, "params") ?? objectAt((params as Record<string, unknown>).textDocument, "params.textDocument");
  if (problem) return problem;
  const doc = (params as { textDocument: Record<string, unknown> }).textDocument;
  if (!open) return stringAt(doc.uri, "params.textDocument.uri");
  return (
    stringAt(doc.uri, "params.textDocument.uri") ??
    stringAt(doc.languageId, "params.textDocument.languageId") ??
    (Number.isInteger(doc.version) ? undefined : "params.textDocument.version is not a whole number") ??
    stringAt(doc.text, "params.textDocument.text")
  );
}

function changeProblem(params: unknown): Problem {
  const problem = textDocumentProblem(params);
  if (problem) return problem;
  const { textDocument, contentChanges } = params as { textDocument: Record<string, unknown>; contentChanges: unknown };
  if (!Number.isInteger(textDocument.version)) return "params.textDocument.version is not a whole number";
  if (!Array.isArray(contentChanges)) return "params.contentChanges is not an array";
  for (const [i, change] of contentChanges.entries()) {
    const at = `params.contentChanges[${i}]`;
    const wrong = objectAt(change, at) ?? stringAt((change as Record<string, unknown>).text, `${at}.text`);
    if (wrong) return wrong;
    const range = (change as Record<string, unknown>).range;
    if (range === undefined) continue;
    const badRange =
      objectAt(range, `${at}.range`) ??
      positionAt((range as Record<string, unknown>).start, `${at}.range.start`) ??
      positionAt((range as Record<string, unknown>).end, `${at}.range.end`);
    if (badRange) return badRange;
  }
  return undefined;
}

/**
 * `connection`'s document notifications, each checked before `TextDocuments` sees it: vscode-languageserver logs a
 * handler that throws, but a didOpen whose text is null or not a string threw later, in the server's own listeners,
 * after the document store had kept it (every later request on it failed), with a stack trace on stderr and nothing
 * in the editor. A message that does not have the protocol's shape is reported through `skip` and dropped whole.
 */
export function guardDocumentNotifications(connection: Connection, skip: (method: string, problem: string) => void): TextDocumentConnection {
  const guarded =
    <P>(method: string, check: (params: unknown) => Problem, register: (handler: (params: P) => void) => Disposable) =>
    (handler: (params: P) => void) =>
      register((params: P) => {
        const problem = check(params);
        if (problem) skip(method, problem);
        else handler(params);
      });
  return {
    onDidOpenTextDocument: guarded(
      "textDocument/didOpen",
      (p) => textDocumentProblem(p, true),
      (h) => connection.onDidOpenTextDocument(h),
    ),
    onDidChangeTextDocument: guarded("textDocument/didChange", changeProblem, (h) => connection.onDidChangeTextDocument(h)),
    onDidCloseTextDocument: guarded(
      "textDocument/didClose",
      (p) => textDocumentProblem(p),
      (h) => connection.onDidCloseTextDocument(h),
    ),
    onWillSaveTextDocument: guarded(
      "textDocument/willSave",
      (p) => textDocumentProblem(p),
      (h) => connection.onWillSaveTextDocument(h),
    ),
    onWillSaveTextDocumentWaitUntil: (handler) =>
      connection.onWillSaveTextDocumentWaitUntil((params, token) => {
        requireShape("textDocument/willSaveWaitUntil", textDocumentProblem(params));
        return handler(params, token);
      }),
    onDidSaveTextDocument: guarded(
      "textDocument/didSave",
      (p) => textDocumentProblem(p),
      (h) => connection.onDidSaveTextDocument(h),
    ),
  };
}

/** Throws the JSON-RPC InvalidParams error (-32602) for `problem`, which the connection sends as the request's answer. */
function requireShape(method: string, problem: Problem): void {
  if (problem) throw new ResponseError(ErrorCodes.InvalidParams, `${method}: ${problem}`);
}

/** Checks a request on one document (`textDocument.uri`), answering InvalidParams when it is malformed. */
export function requireDocumentParams(method: string, params: unknown): void {
  requireShape(method, textDocumentProblem(params));
}

/** Checks a request at a position in a document (hover, definition, references, completion). */
export function requirePositionParams(method: string, params: unknown): void {
  requireShape(method, textDocumentProblem(params) ?? positionAt((params as Record<string, unknown>).position, "params.position"));
}

/** Checks a workspace symbol request: `query` is a string. */
export function requireQueryParams(params: unknown): void {
  requireShape("workspace/symbol", objectAt(params, "params") ?? stringAt((params as Record<string, unknown>).query, "params.query"));
}

/** Checks a code action request: a document, and `context.diagnostics` as an array. */
export function requireCodeActionParams(params: unknown): void {
  const method = "textDocument/codeAction";
  requireShape(method, textDocumentProblem(params) ?? objectAt((params as Record<string, unknown>).context, "params.context"));
  const diagnostics = (params as Record<string, Record<string, unknown>>).context!.diagnostics;
  requireShape(
    method,
    Array.isArray(diagnostics) && diagnostics.every((d) => isObject(d) && isObject(d.range) && positionAt(d.range.start, "range.start") === undefined)
      ? undefined
      : "params.context.diagnostics is not an array of diagnostics with ranges",
  );
}
