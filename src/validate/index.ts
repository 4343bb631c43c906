// The validate layer's public surface.
export * from "./run-rules.js";
export * from "./registry.js";
export * from "./validate.js";
