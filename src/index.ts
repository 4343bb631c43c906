// The public API of pathwaykit: the library under the `pathway` command line.
export * from "./model/index.js";
export * from "./diagnostics/index.js";
export * from "./parse/index.js";
export * from "./validate/index.js";
export * from "./format/index.js";
