// The validate layer's public surface.
export * from "./rule.js";
export * from "./engine.js";
export * from "./registry.js";
export * from "./validate.js";
