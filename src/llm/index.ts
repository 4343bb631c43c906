// The models you bring: OpenAI-compatible and Anthropic clients over an injected transport, recordings, retries and the token budget.
export * from "./model-ref.js";
export * from "./transport.js";
export * from "./provider-shapes.js";
export * from "./http-model.js";
export * from "./recording.js";
export * from "./retry.js";
export * from "./budget.js";
