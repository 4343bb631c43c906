// The agent model of an offline persona run: it speaks each node's prompt under the pathway's global prompt, and reads the node's variables from the caller's words.
import type { ModelMessage, ModelRequest } from "../../model/chat-model.js";
import { isGlobalConfigEntry, isObject } from "../../model/pathway.js";
import type { Pathway } from "../../model/schema.js";
import { readJsonObject } from "./json-answer.js";
import { toTranscriptText, type TranscriptLine } from "./transcript.js";

/** One variable a node extracts: `[name, type, description]` of its extractVars. */
export interface ExtractSpec {
  name: string;
  type: "string" | "integer" | "boolean";
  description: string;
}

/** The pathway's global prompt (the `{globalConfig: {globalPrompt}}` entry of nodes[]), when it has one. */
export function getGlobalPrompt(pathway: Pathway): string | undefined {
  const nodes: unknown = (pathway as { nodes?: unknown }).nodes;
  if (!Array.isArray(nodes)) return undefined;
  for (const entry of nodes) {
    if (!isGlobalConfigEntry(entry)) continue;
    const prompt = (entry as { globalConfig?: unknown }).globalConfig;
    if (isObject(prompt) && typeof prompt.globalPrompt === "string" && prompt.globalPrompt.trim() !== "") return prompt.globalPrompt;
  }
  return undefined;
}

/** A node's extractVars as specs; entries of another shape are left out. */
export function toExtractSpecs(extractVars: unknown): ExtractSpec[] {
  if (!Array.isArray(extractVars)) return [];
  return extractVars.flatMap((v): ExtractSpec[] => {
    if (!Array.isArray(v) || typeof v[0] !== "string" || v[0] === "") return [];
    const type = v[1] === "integer" || v[1] === "boolean" ? v[1] : "string";
    return [{ name: v[0], type, description: typeof v[2] === "string" ? v[2] : "" }];
  });
}

/** The caller's lines as the user's and the agent's as the model's, ending on the caller's side. */
function toAgentMessages(transcript: readonly TranscriptLine[]): ModelMessage[] {
  const messages: ModelMessage[] = transcript.map((l) => ({ role: l.role === "caller" ? "user" : "assistant", content: l.text }));
  if (messages.length === 0) messages.push({ role: "user", content: "(The call connects.)" });
  else if (messages[messages.length - 1]!.role === "assistant") messages.push({ role: "user", content: "(The caller waits for you to go on.)" });
  return messages;
}

/** The request for what the agent says at a node: the global prompt, the node's prompt (variables filled), the conversation. */
export function toAgentSpeechRequest(options: {
  globalPrompt?: string;
  nodeName: string;
  prompt: string;
  transcript: readonly TranscriptLine[];
}): ModelRequest {
  const system = [
    "You are a business's voice agent on a phone call.",
    ...(options.globalPrompt ? ["", options.globalPrompt.trim()] : []),
    "",
    `You are now at the step "${options.nodeName}". Your instructions for this step:`,
    options.prompt.trim(),
    "",
    "Reply with only what you say next on the call: short spoken sentences, no labels, notes or stage directions.",
  ].join("\n");
  return { system, messages: toAgentMessages(options.transcript), maxTokens: 400, temperature: 0 };
}

/** JSON Schema of the extraction answer: every variable, its value or null (OpenAI's strict mode wants each required). */
function extractSchema(specs: readonly ExtractSpec[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (const s of specs) properties[s.name] = { type: [s.type, "null"], description: s.description || s.name };
  return { type: "object", properties, required: specs.map((s) => s.name), additionalProperties: false };
}

/** The request that reads a node's variables from the caller's latest words (and the conversation before them). */
export function toExtractRequest(specs: readonly ExtractSpec[], callerText: string, transcript: readonly TranscriptLine[]): ModelRequest {
  const list = specs.map((s) => `- ${s.name} (${s.type})${s.description ? `: ${s.description}` : ""}`).join("\n");
  const user = [
    "Variables to fill:",
    list,
    "",
    "Conversation so far:",
    toTranscriptText(transcript.slice(-12)),
    "",
    `The caller's latest words: ${callerText}`,
    "",
    "Answer with one JSON object holding each variable: its value as the caller gave it, or null when the caller did not give it.",
  ].join("\n");
  return {
    system: "You read variables out of what a caller said on a phone call. Take values only from the caller's words; never guess.",
    messages: [{ role: "user", content: user }],
    maxTokens: 300,
    temperature: 0,
    json: { name: "variables", schema: extractSchema(specs) },
  };
}

/** A value as the variable's type reads it, or undefined when it is not one (`"42"` is 42 for an integer, `"yes"` true for a boolean). */
function toTyped(type: ExtractSpec["type"], value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (type === "integer") {
    const n = typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    return typeof n === "number" && Number.isSafeInteger(n) ? n : undefined;
  }
  if (type === "boolean") {
    if (typeof value === "boolean") return value;
    const t = typeof value === "string" ? value.trim().toLowerCase() : "";
    return t === "true" || t === "yes" ? true : t === "false" || t === "no" ? false : undefined;
  }
  if (typeof value === "string") return value.trim() === "" ? undefined : value.trim().slice(0, 1_000);
  return typeof value === "number" || typeof value === "boolean" ? String(value) : undefined;
}

/**
 * The variables in an extraction answer: only the node's own, each as its type reads it; null, missing and
 * mistyped values are left out. Undefined when the answer holds no JSON object.
 */
export function readExtracted(text: string, specs: readonly ExtractSpec[]): Record<string, unknown> | undefined {
  const value = readJsonObject(text);
  if (!value) return undefined;
  const out: Record<string, unknown> = {};
  for (const s of specs) {
    if (!Object.hasOwn(value, s.name)) continue;
    const typed = toTyped(s.type, value[s.name]);
    if (typed !== undefined) out[s.name] = typed;
  }
  return out;
}
