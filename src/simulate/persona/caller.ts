// The caller model's side of a persona run: what it is told (the persona, the rules, the conversation so far) and how its answer is read.
import type { ModelMessage, ModelRequest } from "../../model/chat-model.js";
import type { TranscriptLine } from "./transcript.js";

/** A persona as a scenario gives it: the text, or a name and the text. */
export type Persona = string | { name: string; prompt: string };

/** What the caller answers to end the call. */
export const END_MARK = "[END]";

/** Longest caller turn sent on: a hostile or rambling model does not send pages to the agent. */
export const MAX_CALLER_TURN = 1_000;

/** Tokens a caller turn may take. */
const CALLER_MAX_TOKENS = 300;

/** The persona's name, when it has one. */
export function getPersonaName(persona: Persona): string | undefined {
  return typeof persona === "string" ? undefined : persona.name;
}

function systemPrompt(persona: Persona): string {
  const who = typeof persona === "string" ? persona : `Your name is ${persona.name}.\n${persona.prompt}`;
  return [
    "You play a caller on a phone call with a business's voice agent. The call is a rehearsal that tests the agent.",
    "",
    "Who you are and what you want:",
    who.trim(),
    "",
    "Rules:",
    "- Reply with only your next words on the call, as you would say them: no labels, quotes, stage directions or descriptions.",
    "- Keep each reply short (one to three sentences), as people speak on the phone.",
    "- Stay in character; never say that you are an AI or that this is a test.",
    "- Give the details you have when the agent asks for them; do not make up details you were not given unless your persona would.",
    `- When your goal is met, the agent has ended the call, or the call cannot get anywhere, reply with exactly ${END_MARK}.`,
  ].join("\n");
}

/**
 * The request for the caller's next words: the persona as the system prompt, the agent's lines as the user's and the
 * caller's own as the model's (the model plays the caller), ending on the agent's side.
 */
export function toCallerRequest(persona: Persona, transcript: readonly TranscriptLine[]): ModelRequest {
  const messages: ModelMessage[] = transcript.map((l) => ({ role: l.role === "agent" ? "user" : "assistant", content: l.text }));
  if (messages.length === 0) messages.push({ role: "user", content: "(The call connects. The agent has not said anything yet: you speak first.)" });
  else if (messages[messages.length - 1]!.role === "assistant") messages.push({ role: "user", content: "(The agent says nothing.)" });
  return { system: systemPrompt(persona), messages, maxTokens: CALLER_MAX_TOKENS, temperature: 0.7 };
}

/**
 * The caller's words and whether it ended the call: `[END]` anywhere ends it (words before it are still said), a
 * leading `Caller:` label and wrapping quotes are dropped, and the words are clipped to MAX_CALLER_TURN characters.
 */
export function readCallerReply(text: string): { text: string; end: boolean } {
  const end = /\[\s*end\s*\]/i.test(text);
  let words = text.replace(/\[\s*end\s*\]/gi, " ").trim();
  words = words.replace(/^(?:caller|user|me)\s*:\s*/i, "").trim();
  if (/^(["“']).*(["”'])$/s.test(words) && words.length > 1) words = words.slice(1, -1).trim();
  words = words.replace(/\s+/g, " ");
  return { text: words.length > MAX_CALLER_TURN ? `${words.slice(0, MAX_CALLER_TURN - 1)}…` : words, end };
}
