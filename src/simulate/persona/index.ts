// Persona runs: the caller, judge and agent models' requests and answers, the conversation loop, and its transcript and tokens.
export * from "./caller.js";
export * from "./judge.js";
export * from "./agent.js";
export * from "./transcript.js";
export * from "./tokens.js";
export * from "./json-answer.js";
export * from "./model-agent.js";
export * from "./run-persona.js";
export * from "./writer.js";
