// Judges: one criterion per request, asked of a model with the transcript, path and variables; the answer is promptfoo's rubric shape {pass, score, reason}.
import type { ModelRequest } from "../../model/chat-model.js";
import { readJsonObject } from "./json-answer.js";
import { toTranscriptText, type TranscriptLine } from "./transcript.js";

/** A criterion as a scenario gives it: the text, or the text and the score it must reach. */
export type JudgeSpec = string | { criterion: string; threshold?: number };

/** What one judge decided about one run. */
export interface JudgeVerdict {
  criterion: string;
  /** The score the criterion must reach, when the scenario sets one. */
  threshold?: number;
  /** Whether the run meets the criterion: the judge said pass, and its score reached the threshold. */
  pass: boolean;
  /** 0..1, as the judge gave it. */
  score?: number;
  /** The judge's reason, or why no verdict could be read. */
  reason: string;
  /** True when the judge gave no usable verdict (an error, a refusal, an answer of another shape). */
  error?: boolean;
}

/** The answer asked of a judge, as JSON Schema (OpenAI's strict structured output accepts it as it is). */
export const VERDICT_SCHEMA: Record<string, unknown> = {
  type: "object",
  properties: {
    pass: { type: "boolean", description: "true when the conversation meets the criterion" },
    score: { type: "number", description: "how well it meets the criterion, from 0 (not at all) to 1 (fully)" },
    reason: { type: "string", description: "one or two sentences citing what was said" },
  },
  required: ["pass", "score", "reason"],
  additionalProperties: false,
};

/** What a judge reads besides the criterion: the conversation, where the agent went, what it collected and how it ended. */
export interface JudgeEvidence {
  transcript: readonly TranscriptLine[];
  /** Node names (or ids) entered, in order. */
  path: readonly string[];
  variables: Readonly<Record<string, unknown>>;
  ending: string;
}

/** The criterion and its threshold from a scenario's entry. */
export function toJudgeSpec(spec: JudgeSpec): { criterion: string; threshold?: number } {
  return typeof spec === "string" ? { criterion: spec } : { criterion: spec.criterion, ...(spec.threshold !== undefined && { threshold: spec.threshold }) };
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The request for one criterion's verdict. */
export function toJudgeRequest(criterion: string, evidence: JudgeEvidence): ModelRequest {
  const system = [
    "You grade a phone conversation between a business's voice agent and a caller against one criterion.",
    "Judge only that criterion, only from what the evidence shows; quote or cite what was said in your reason.",
    'Answer with JSON only: {"pass": true or false, "score": a number from 0 to 1, "reason": "one or two sentences"}.',
  ].join("\n");
  const user = [
    `Criterion: ${criterion}`,
    "",
    "Conversation:",
    toTranscriptText(evidence.transcript),
    "",
    `Nodes the agent went through: ${evidence.path.length ? evidence.path.join(" → ") : "(none)"}`,
    `Variables collected: ${clip(JSON.stringify(evidence.variables), 4_000)}`,
    `How the call ended: ${evidence.ending}`,
  ].join("\n");
  return { system, messages: [{ role: "user", content: user }], maxTokens: 500, temperature: 0, json: { name: "verdict", schema: VERDICT_SCHEMA } };
}

/**
 * A judge's verdict from its answer, read tolerantly (bare, fenced or loose JSON; `"true"` for true; a missing score
 * is 1 for a pass and 0 for a fail) and checked strictly: no `pass`, or a score outside 0..1, is not a verdict.
 */
export function readVerdict(text: string, spec: { criterion: string; threshold?: number }): JudgeVerdict {
  const base = { criterion: spec.criterion, ...(spec.threshold !== undefined && { threshold: spec.threshold }) };
  const fail = (problem: string): JudgeVerdict => ({
    ...base,
    pass: false,
    reason: `${problem}: ${JSON.stringify(clip(text.replace(/\s+/g, " ").trim(), 160))}`,
    error: true,
  });
  const value = readJsonObject(text);
  if (!value) return fail("the judge's answer holds no JSON object");
  const pass = value.pass === "true" ? true : value.pass === "false" ? false : value.pass;
  if (typeof pass !== "boolean") return fail('the judge\'s answer has no "pass": true or false');
  const rawScore = typeof value.score === "string" && value.score.trim() !== "" ? Number(value.score) : value.score;
  const score = rawScore === undefined || rawScore === null ? (pass ? 1 : 0) : rawScore;
  if (typeof score !== "number" || !Number.isFinite(score) || score < 0 || score > 1) return fail('the judge\'s "score" is not a number from 0 to 1');
  const reason = typeof value.reason === "string" ? clip(value.reason.trim(), 1_000) : "";
  const reached = spec.threshold === undefined || score >= spec.threshold;
  return { ...base, pass: pass && reached, score, reason };
}
