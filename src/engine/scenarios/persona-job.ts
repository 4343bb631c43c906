// A persona scenario's run as a job: offline (the agent model on the simulator) or live (the service's chat), with the models it needs and the runs that could not be played told apart.
import type { ChatModel } from "../../model/chat-model.js";
import type { ChatApi } from "../../model/chat.js";
import type { Pathway } from "../../model/schema.js";
import * as sim from "../../simulate/index.js";
import type { PersonaModelSet } from "./persona-models.js";

/** What a persona job runs on. */
export interface PersonaJobInput {
  pathway: Pathway;
  scenario: sim.Scenario;
  simulator: sim.Simulator;
  locate: sim.ScenarioLocator;
  /** `--max-turns`: a cap on every persona's turns. */
  maxTurns?: number;
  webhook?: sim.WebhookHandler;
  /** A live run: the chat, the remote pathway and the version to chat with. */
  live?: { chat: ChatApi; pathwayId: string; pathwayVersion?: number };
}

/** Errors that say nothing about the agent: a request no recording holds, a spent budget, a refused key. The run is "could not run". */
function isUnplayable(error: unknown): error is Error {
  if (!(error instanceof Error)) return false;
  if (error.name === "RecordingMissError" || error.name === "TokenBudgetError") return true;
  const status = (error as { status?: unknown }).status;
  return error.name === "ModelError" && (status === 401 || status === 403);
}

/**
 * The models of one run, each noting the first error that makes the run unplayable; the run then reports that error
 * (with what to do) instead of the failures it caused, wherever the model was asked (the decider turns errors into
 * decisions, so the error is caught here, where it starts).
 */
function guardModels(models: PersonaModelSet, onUnplayable: (error: Error) => void): Partial<Record<"caller" | "judge" | "agent", ChatModel>> {
  const guard = (model: ChatModel | undefined): ChatModel | undefined =>
    model && {
      name: model.name,
      complete: (request) =>
        model.complete(request).catch((error: unknown) => {
          if (isUnplayable(error)) onUnplayable(error);
          throw error;
        }),
    };
  return { caller: guard(models.caller), judge: guard(models.judge), agent: guard(models.agent) };
}

/** Why a run cannot be played at all: the model a part needs was not named (flags, or pathway.config.json's `models`). */
export function getMissingModel(models: PersonaModelSet, scenario: sim.Scenario, live: boolean): string | undefined {
  if (!models.caller) return "a persona scenario needs a caller model: --caller-model <provider>:<model> (or models.caller in pathway.config.json)";
  if (!live && !models.agent)
    return "a persona scenario offline needs a model to play the agent: --agent-model <provider>:<model> (or models.agent in pathway.config.json), or run it against the service with --live";
  if (scenario.judges && !models.judge) return "judges: need a judge model: --judge-model <provider>:<model>";
  return undefined;
}

/** What to do about an unplayable run's error. */
function describeUnplayable(error: Error, models: PersonaModelSet): string {
  if (error.name === "TokenBudgetError") return error.message;
  if (error.name === "ModelError") return `${error.message}; check the provider's key (OPENAI_API_KEY or ANTHROPIC_API_KEY) and endpoint`;
  const dir = models.recordings?.dir ?? "the recordings folder";
  return `no recording answers a model request in ${dir}: ${error.message}. A changed pathway, scenario or model changes the requests: record again with --record ${dir}.`;
}

/** The run of a persona scenario (one of its repeats); call it once per run. */
export function createPersonaRun(models: PersonaModelSet, input: PersonaJobInput): () => Promise<sim.ScenarioResult> {
  const { pathway, scenario, simulator, locate } = input;
  return async () => {
    let unplayable: Error | undefined;
    const run = guardModels(models, (error) => (unplayable ??= error));
    const caller = run.caller!;
    const cap = input.maxTurns === undefined ? {} : { maxTurns: input.maxTurns };
    const result = input.live
      ? await sim.runPersonaLive(pathway, scenario, input.live.chat, {
          pathwayId: input.live.pathwayId,
          simulator,
          locate,
          caller,
          ...(run.judge && { judge: run.judge }),
          ...cap,
          ...(input.live.pathwayVersion !== undefined && { pathwayVersion: input.live.pathwayVersion }),
        })
      : await sim.runPersonaScenario(pathway, scenario, {
          agent: run.agent!,
          caller,
          ...(run.judge && { judge: run.judge }),
          simulator,
          locate,
          ...cap,
          ...(input.webhook && { webhook: input.webhook }),
        });
    if (unplayable)
      return { ...sim.toErrorResult(scenario.name ?? "scenario", describeUnplayable(unplayable, models)), ...(result.tokens && { tokens: result.tokens }) };
    return result;
  };
}
