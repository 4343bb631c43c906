// The requests layer's public surface: models of the request bodies, their rules, and the check.
export * from "./models.js";
export * from "./rule.js";
export * from "./kind.js";
export * from "./registry.js";
export * from "./pathway-variables.js";
export * from "./check.js";
export * from "./configured.js";
export { classifyPhone, type PhoneForm } from "./helpers.js";
