// Persona scenarios written from a pathway: callers of different temperaments whose goals follow the paths the scripted generator finds, each expecting the values it gives.
import type { ChatModel } from "../../model/chat-model.js";
import { nodeData } from "../../model/pathway.js";
import type { Pathway } from "../../model/schema.js";
import { getSimNodeName, type Simulator } from "../machine.js";
import { toExtractSpecs, type ExtractSpec } from "../persona/agent.js";
import { TEMPERAMENTS, readWrittenPersona, toWriterRequest, type GoalStep, type PersonaGoal } from "../persona/writer.js";
import { runScenario } from "../run.js";
import type { Scenario } from "../scenario.js";
import type { WebhookResponse } from "../types.js";
import { createSimulator } from "../machine.js";
import { generateScenarios, type GenerateScenariosOptions, type GeneratedScenarios } from "./generate.js";

/** Options of `generatePersonaScenarios`; all optional but the count. */
export interface GeneratePersonasOptions extends GenerateScenariosOptions {
  /** How many personas to write. */
  count: number;
  /** Judges every written scenario carries. Default: two that any call should meet. */
  judges?: string[];
}

/** What was written: the scenarios, the personas the writer could not give, and what the paths leave uncovered. */
export interface GeneratedPersonas extends GeneratedScenarios {
  /** Personas the writer's answer could not make (a model failure, an answer of another shape), by number. */
  problems: string[];
}

/** The judges a generated persona scenario starts with; a team adds its own. */
export const DEFAULT_JUDGES = [
  "The agent understands what the caller wants and leads the call towards it",
  "The agent stays polite and does not make up facts the caller was not given",
];

/** The goal of a scripted scenario's path: where the caller speaks, what the agent says there, what the answer leads to, the variables given. */
function toGoal(
  sim: Simulator,
  pathway: Pathway,
  scenario: Scenario,
  shared: Readonly<Record<string, WebhookResponse>>,
): { goal: PersonaGoal; path: string[]; webhooks: Record<string, WebhookResponse> } {
  const result = runScenario(pathway, { ...scenario, webhooks: { ...shared, ...scenario.webhooks } as Scenario["webhooks"] }, { simulator: sim });
  const steps: GoalStep[] = [];
  const variables: ExtractSpec[] = [];
  const seen = new Set<string>();
  let says: string | undefined;
  for (const e of result.trace) {
    if (e.type === "say") says = e.text;
    if (e.type === "user") steps.push({ node: getSimNodeName(sim.nodes.get(e.nodeId)) ?? e.nodeId, ...(says !== undefined && { says }) });
    if (e.type === "decide" && e.chosen && steps.length > 0) steps[steps.length - 1]!.leadsTo = e.chosen.label || e.chosen.targetName || e.chosen.targetId;
    if (e.type === "vars" && e.how === "explicit") {
      const node = sim.nodes.get(e.nodeId);
      for (const spec of toExtractSpecs(node && nodeData(node).extractVars))
        if (Object.hasOwn(e.set, spec.name) && !seen.has(spec.name)) seen.add(spec.name), variables.push(spec);
    }
  }
  // The scripted path's webhook answers, as a whole: a persona has no turns to give them one by one.
  const webhooks: Record<string, WebhookResponse> = { ...(scenario.webhooks as Record<string, WebhookResponse> | undefined) };
  for (const t of scenario.turns) Object.assign(webhooks, t.webhooks);
  // Answers the shared mocks file gives already are not repeated in every file.
  for (const [key, answer] of Object.entries(webhooks)) if (JSON.stringify(shared[key]) === JSON.stringify(answer)) delete webhooks[key];
  return { goal: { steps, variables }, path: result.path.map((id) => getSimNodeName(sim.nodes.get(id)) ?? id), webhooks };
}

/**
 * Writes `count` persona scenarios: the scripted generator's paths (which together take every reachable edge) give
 * the goals, taken in turn, and temperaments are taken in turn too; `writer` invents each caller and the values it
 * gives, which become `expect.vars`, so a run measures whether the pathway extracts what the caller says. The path
 * becomes `expect.path_contains`. A persona the writer cannot give is listed in `problems`; the others are kept.
 */
export async function generatePersonaScenarios(pathway: Pathway, writer: ChatModel, options: GeneratePersonasOptions): Promise<GeneratedPersonas> {
  const scripted = generateScenarios(pathway, options);
  const sim = createSimulator(pathway);
  const goals = scripted.scenarios.map((s) => toGoal(sim, pathway, s, scripted.mocks?.webhooks ?? {}));
  const name = options.name ?? (typeof pathway.name === "string" && pathway.name.trim() ? pathway.name.trim() : "pathway");
  const scenarios: Scenario[] = [];
  const problems: string[] = [];
  for (let i = 0; i < options.count && goals.length > 0; i++) {
    const { goal, path, webhooks } = goals[i % goals.length]!;
    const temperament = TEMPERAMENTS[i % TEMPERAMENTS.length]!;
    let written: ReturnType<typeof readWrittenPersona>;
    try {
      const reply = await writer.complete(toWriterRequest(name, goal, temperament));
      written = readWrittenPersona(reply.text, goal.variables);
      if (!written)
        problems.push(`persona ${i + 1}: ${writer.name}'s answer has no caller (JSON with "name" and "prompt"): ${JSON.stringify(reply.text.slice(0, 160))}`);
    } catch (error) {
      problems.push(`persona ${i + 1}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!written) continue;
    const short = temperament.split(";")[0]!;
    scenarios.push({
      name: `${name} persona ${i + 1}: ${written.name}, ${short}`,
      pathway: options.pathwayRef ?? "pathway.json",
      decider: "scripted",
      ...(options.mocksRef !== undefined && scripted.mocks && { mocks: options.mocksRef }),
      ...(Object.keys(webhooks).length > 0 && { webhooks }),
      persona: { name: written.name, prompt: written.prompt },
      max_turns: Math.max(8, goal.steps.length * 3),
      judges: options.judges ?? DEFAULT_JUDGES,
      turns: [],
      expect: { path_contains: path, ...(Object.keys(written.values).length > 0 && { vars: written.values }) },
    } as Scenario);
  }
  return { scenarios, problems, uncovered: scripted.uncovered, ...(scripted.mocks && { mocks: scripted.mocks }) };
}
