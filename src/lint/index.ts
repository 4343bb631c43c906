// The lint layer's public surface: the linter, its rules and registry, configuration and baselines.
export * from "./registry.js";
export * from "./lint.js";
export * from "./config.js";
export * from "./baseline.js";
export * from "./facts.js";
export * from "./locate-finding.js";
export * from "./fix.js";
