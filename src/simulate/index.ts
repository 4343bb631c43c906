// The simulate layer's public surface: transition, deciders, scenarios, runner, coverage and scenario generation.
export * from "./types.js";
export * from "./variables.js";
export * from "./call.js";
export * from "./conditions.js";
export * from "./machine.js";
export * from "./transition.js";
export * from "./deciders/scripted.js";
export * from "./deciders/keyword.js";
export * from "./deciders/llm.js";
export * from "./webhooks.js";
export * from "./scenario.js";
export * from "./run.js";
export * from "./coverage.js";
export * from "./generate/generate.js";
export * from "./scenario-yaml.js";
export * from "./live-chat.js";
export * from "./repeat.js";
export type * from "./test-report.js";
