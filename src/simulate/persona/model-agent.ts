// The offline agent of a persona run: the simulator walks the pathway, and an agent model speaks each prompt and reads each node's variables.
import type { ChatModel } from "../../model/chat-model.js";
import { nodeData } from "../../model/pathway.js";
import { getSimNodeName, type Simulator } from "../machine.js";
import type { ScenarioStepper } from "../run.js";
import { getEventsSince } from "../trace-log.js";
import { toDraft, toState } from "../transition-draft.js";
import { createInitialStateAsync, transitionAsync, type InitialStateOptions } from "../transition.js";
import type { SimState, TraceEvent } from "../types.js";
import { renderTemplate } from "../variables.js";
import { getGlobalPrompt, readExtracted, toAgentSpeechRequest, toExtractRequest, toExtractSpecs } from "./agent.js";
import { getTranscript } from "./transcript.js";

/** Options of `createModelAgentStepper`. */
export interface ModelAgentOptions {
  /** The model that plays the agent (its routing is the simulator's decider, set by whoever built `sim`). */
  agent: ChatModel;
  /** The call's request_data and system variables. */
  initial?: InitialStateOptions;
}

/**
 * A stepper whose agent is a model: each turn the model reads the node's variables from the caller's words (when the
 * node extracts any), the simulator moves (routing with its decider), and the model says the last prompt the turn
 * reached, under the pathway's global prompt. Static text is said as written. A model failure rejects.
 */
export function createModelAgentStepper(sim: Simulator, options: ModelAgentOptions): ScenarioStepper {
  const globalPrompt = getGlobalPrompt(sim.pathway);
  const { agent } = options;
  /**
   * `after` with the model's words for the last prompt said since `before`; when the turn said nothing (the agent
   * stayed at its node), for the node's own prompt or text again, as a live agent answers a caller at the same step.
   */
  const speak = async (before: SimState | undefined, after: SimState): Promise<SimState> => {
    const events: readonly TraceEvent[] = before ? getEventsSince(before, after) : after.trace;
    let said = events.findLast((e): e is TraceEvent & { type: "say" } => e.type === "say" && e.speech === "prompt");
    if (!said && after.status === "active" && !events.some((e) => e.type === "say") && after.nodeId !== undefined) {
      const data = nodeData(sim.nodes.get(after.nodeId)!);
      const own =
        typeof data.prompt === "string" && data.prompt !== "" ? data.prompt : typeof data.text === "string" && data.text !== "" ? data.text : undefined;
      if (own !== undefined)
        said = { type: "say", turn: after.turn, nodeId: after.nodeId, speech: "prompt", text: renderTemplate(own, after.variables).text, unset: [] };
    }
    if (!said) return after;
    const nodeName = getSimNodeName(sim.nodes.get(said.nodeId)) ?? said.nodeId;
    const reply = await agent.complete(
      toAgentSpeechRequest({ ...(globalPrompt !== undefined && { globalPrompt }), nodeName, prompt: said.text, transcript: getTranscript(after.trace) }),
    );
    const d = toDraft(after);
    d.events.push({ type: "say", turn: after.turn, nodeId: said.nodeId, speech: "model", text: reply.text.trim() || "(says nothing)", unset: [] });
    return toState(d);
  };
  return {
    init: async () => speak(undefined, await createInitialStateAsync(sim, options.initial ?? {})),
    turn: async (state, turn) => {
      const node = state.nodeId === undefined ? undefined : sim.nodes.get(state.nodeId);
      const specs = toExtractSpecs(node && nodeData(node).extractVars);
      let extracted: Record<string, unknown> | undefined;
      if (specs.length > 0 && turn.vars === undefined && state.status === "active") {
        const reply = await agent.complete(toExtractRequest(specs, turn.user, getTranscript(state.trace)));
        extracted = readExtracted(reply.text, specs);
        if (!extracted)
          throw new Error(
            `${agent.name}: its answer with the variables of ${JSON.stringify(getSimNodeName(node) ?? node!.id)} holds no JSON object: ${JSON.stringify(reply.text.slice(0, 160))}`,
          );
      }
      return speak(state, await transitionAsync(sim, state, { ...turn, ...(extracted && { extracted }) }));
    },
  };
}
