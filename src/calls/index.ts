// The calls layer: call records read tolerantly, mapped onto a pathway by the one flow model, and counted into coverage.
export * from "./record.js";
export * from "./events.js";
export * from "./step-events.js";
export * from "./read-text.js";
export * from "./ending.js";
export * from "./order-log.js";
export * from "./map-call.js";
export * from "./stats.js";
export * from "./replay.js";
export * from "./mask.js";
export * from "./to-scenario.js";
