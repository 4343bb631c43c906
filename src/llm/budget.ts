// The token budget of a whole run: every model request counts against it, and a request once it is spent is refused before it is sent.
import type { ChatModel, TokenUsage } from "../model/chat-model.js";

/** The budget is spent: no more requests are sent. */
export class TokenBudgetError extends Error {
  override readonly name = "TokenBudgetError";
}

/** A budget shared by the models of one run. */
export interface TokenBudget {
  /** `model` with each request refused once the budget is spent, and its usage counted after. */
  wrap(model: ChatModel): ChatModel;
  /** Tokens used so far (input and output, all models). */
  spent(): TokenUsage;
}

/** A budget of `limit` tokens (input and output together) across every model `wrap`ped with it. */
export function createTokenBudget(limit: number): TokenBudget {
  const used: TokenUsage = { input: 0, output: 0, requests: 0 };
  return {
    wrap(model) {
      return {
        name: model.name,
        async complete(request) {
          if (used.input + used.output >= limit)
            throw new TokenBudgetError(`${model.name}: the token budget of ${limit.toLocaleString("en-US")} tokens is spent (--token-budget raises it)`);
          const reply = await model.complete(request);
          used.input += reply.usage.input;
          used.output += reply.usage.output;
          used.requests += reply.usage.requests;
          return reply;
        },
      };
    },
    spent: () => ({ ...used }),
  };
}
