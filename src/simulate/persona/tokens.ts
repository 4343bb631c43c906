// Token counts of a persona run: a tally per part (caller, agent, judge), filled by wrapping each model the run uses.
import type { ChatModel, TokenUsage } from "../../model/chat-model.js";
import type { RunTokens } from "../result.js";

/** A tally at zero. */
export function createTokenUsage(): TokenUsage {
  return { input: 0, output: 0, requests: 0 };
}

/** A tally for each part of a run, at zero. */
export function createRunTokens(): RunTokens {
  return { caller: createTokenUsage(), agent: createTokenUsage(), judge: createTokenUsage() };
}

/** Adds `usage` into `into`. */
export function addTokens(into: TokenUsage, usage: TokenUsage): void {
  into.input += usage.input;
  into.output += usage.output;
  into.requests += usage.requests;
}

/** The sum of a run's parts. */
export function totalTokens(tokens: RunTokens): TokenUsage {
  const total = createTokenUsage();
  for (const part of [tokens.caller, tokens.agent, tokens.judge]) addTokens(total, part);
  return total;
}

/** `model` with each answer's tokens added into `into`. */
export function countTokens(model: ChatModel, into: TokenUsage): ChatModel {
  return {
    name: model.name,
    async complete(request) {
      const reply = await model.complete(request);
      addTokens(into, reply.usage);
      return reply;
    },
  };
}
