// The rules layer's public surface: the one rule shape, its declaration, messages, severities, runner and placement.
export * from "./rule.js";
export * from "./define.js";
export * from "./options.js";
export * from "./messages.js";
export * from "./severity.js";
export * from "./run.js";
export * from "./place.js";
export * from "./apply-fixes.js";
export * from "./near-miss.js";
export * from "./pathway-rule.js";
