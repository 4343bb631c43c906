// The persona writer: a model asked to invent one caller of a given temperament whose goal follows a path of the pathway, with the values the caller will give.
import type { ModelRequest } from "../../model/chat-model.js";
import { readExtracted, type ExtractSpec } from "./agent.js";
import { readJsonObject } from "./json-answer.js";

/** Temperaments generated callers take in turn: the ways real callers make an agent's job harder. */
export const TEMPERAMENTS: readonly string[] = [
  "calm and cooperative; answers what is asked",
  "in a hurry and impatient; gives short answers and wants to be done",
  "unsure and easily confused; asks for things to be repeated",
  "chatty; wanders off topic before getting to the point",
  "frustrated and a little rude after a bad experience elsewhere",
  "hesitant; changes one detail once before settling",
];

/** One step of the way a caller's goal follows: where the agent is, what it says there, and what the caller's answer leads to. */
export interface GoalStep {
  node: string;
  /** What the agent says or is told to say there (clipped). */
  says?: string;
  /** The edge label the caller's answer should lead along (absent at the last step). */
  leadsTo?: string;
}

/** What a generated caller aims at: the steps of a path and the variables it gives on the way. */
export interface PersonaGoal {
  steps: GoalStep[];
  variables: ExtractSpec[];
}

/** A written caller: name, prompt (with the details it gives), and the values it will give by variable. */
export interface WrittenPersona {
  name: string;
  prompt: string;
  values: Record<string, unknown>;
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The answer asked of the writer, as JSON Schema. */
function writerSchema(variables: readonly ExtractSpec[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const v of variables) values[v.name] = { type: v.type, description: v.description || v.name };
  return {
    type: "object",
    properties: {
      name: { type: "string" },
      prompt: { type: "string" },
      values: { type: "object", properties: values, required: variables.map((v) => v.name), additionalProperties: false },
    },
    required: ["name", "prompt", "values"],
    additionalProperties: false,
  };
}

/** The request for one caller of `temperament` whose goal is `goal`, on the pathway named `pathwayName`. */
export function toWriterRequest(pathwayName: string, goal: PersonaGoal, temperament: string): ModelRequest {
  const steps = goal.steps.map(
    (s, i) =>
      `${i + 1}. At "${s.node}"${s.says ? `, the agent says: "${clip(s.says, 300)}"` : ""}.${s.leadsTo ? ` The caller's answer leads to: "${clip(s.leadsTo, 200)}".` : ""}`,
  );
  const variables = goal.variables.map((v) => `- ${v.name} (${v.type})${v.description ? `: ${v.description}` : ""}`);
  const user = [
    `The agent: ${pathwayName}`,
    `The caller's temperament: ${temperament}`,
    "",
    "The call the caller's goal leads to, step by step:",
    ...steps,
    "",
    ...(variables.length ? ["Values the caller has and gives when asked (choose realistic ones, in the form each asks for):", ...variables, ""] : []),
    "Write one caller. Answer with JSON only:",
    '{"name": "a first and last name", "prompt": "in the second person: who you are, what you want, how you speak (the temperament); no step numbers", "values": {"<variable>": <the value you give>}}',
  ].join("\n");
  return {
    system: "You write test callers for a business's voice agent: realistic people with one goal, who give their details when asked.",
    messages: [{ role: "user", content: user }],
    maxTokens: 800,
    temperature: 0.9,
    json: { name: "caller", schema: writerSchema(goal.variables) },
  };
}

/**
 * The caller in the writer's answer: its name and prompt (clipped), and the values it will give, each as its variable's
 * type reads it; the prompt ends with those values, so the caller model has them. Undefined when the answer has no
 * name or prompt.
 */
export function readWrittenPersona(text: string, variables: readonly ExtractSpec[]): WrittenPersona | undefined {
  const value = readJsonObject(text);
  const name = typeof value?.name === "string" ? clip(value.name, 80) : "";
  const prompt = typeof value?.prompt === "string" ? clip(value.prompt, 2_000) : "";
  if (!value || name === "" || prompt === "") return undefined;
  const values = readExtracted(JSON.stringify(typeof value.values === "object" && value.values !== null ? value.values : {}), variables) ?? {};
  const details = variables.filter((v) => values[v.name] !== undefined).map((v) => `- ${v.description || v.name}: ${String(values[v.name])}`);
  return { name, prompt: details.length ? `${prompt}\nThe details you give when the agent asks:\n${details.join("\n")}` : prompt, values };
}
