// The service's text chat with a pathway (POST /v1/pathway/chat/create, POST /v1/pathway/chat/{id}): request bodies and checked answers.
import type { ChatReply, ChatSession, ChatStart } from "../model/chat.js";
import { isObject } from "../model/pathway.js";
import { RemoteError } from "./errors.js";
import { getPathSegmentProblem } from "./path-segment.js";

/** The body of POST /v1/pathway/chat/create. */
export function toChatCreateBody(start: ChatStart): Record<string, unknown> {
  return {
    pathway_id: start.pathwayId,
    ...(start.startNodeId !== undefined && { start_node_id: start.startNodeId }),
    ...(start.requestData !== undefined && { request_data: start.requestData }),
    ...(start.pathwayVersion !== undefined && { pathway_version: start.pathwayVersion }),
  };
}

function shapeError(what: string, problem: string): RemoteError {
  return new RemoteError("shape", `${what}: the service's answer is not the documented chat shape (${problem}).`);
}

/** The `data` object of a chat answer (`{data, errors}`); an answer with errors and no data is the service's refusal. */
function dataOf(body: unknown, what: string): Record<string, unknown> {
  if (!isObject(body)) throw shapeError(what, "not a JSON object");
  const data = body.data;
  if (!isObject(data)) {
    const errors = body.errors ?? body.message ?? body.error;
    if (errors !== undefined && errors !== null) throw new RemoteError("http", `${what}: the service refused: ${JSON.stringify(errors).slice(0, 300)}.`);
    throw shapeError(what, 'no "data" object');
  }
  return data;
}

function variablesOf(data: Record<string, unknown>, what: string): Record<string, unknown> {
  const v = data.variables;
  if (v === undefined || v === null) return {};
  if (!isObject(v)) throw shapeError(what, '"variables" is not an object');
  return { ...v };
}

/** Checks the answer of chat/create. */
export function toChatSession(body: unknown, what: string): ChatSession {
  const data = dataOf(body, what);
  if (typeof data.chat_id !== "string" || data.chat_id === "") throw shapeError(what, 'no "chat_id" string');
  // The id goes into the next request's URL path: "." or ".." there would send the messages to another endpoint.
  const problem = getPathSegmentProblem(data.chat_id);
  if (problem !== undefined) throw shapeError(what, `"chat_id" ${problem}`);
  return { chatId: data.chat_id, ...(typeof data.message === "string" && { message: data.message }), variables: variablesOf(data, what) };
}

/** Checks the answer to one message. */
export function toChatReply(body: unknown, chatId: string, what: string): ChatReply {
  const data = dataOf(body, what);
  const responses = data.assistant_responses ?? [];
  if (!Array.isArray(responses) || !responses.every((r) => typeof r === "string")) throw shapeError(what, '"assistant_responses" is not a list of strings');
  const optionalString = (key: string): string | undefined => {
    const value = data[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === "string") return value;
    if (typeof value === "number") return String(value);
    throw shapeError(what, `"${key}" is not a string`);
  };
  const completed = data.completed ?? false;
  if (typeof completed !== "boolean") throw shapeError(what, '"completed" is not true or false');
  const currentNodeId = optionalString("current_node_id");
  const currentNodeName = optionalString("current_node_name");
  // A chat id the answer changes to must also be a usable path segment (the next message is sent to it).
  const nextId = typeof data.chat_id === "string" ? data.chat_id : chatId;
  const problem = getPathSegmentProblem(nextId);
  if (problem !== undefined) throw shapeError(what, `"chat_id" ${problem}`);
  return {
    chatId: nextId,
    assistantResponses: responses as string[],
    ...(currentNodeId !== undefined && { currentNodeId }),
    ...(currentNodeName !== undefined && { currentNodeName }),
    variables: variablesOf(data, what),
    completed,
  };
}
