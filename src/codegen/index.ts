// The codegen layer's public surface: pathway JSON to builder TypeScript (ts-morph is loaded only when formatting).
export * from "./literal.js";
export * from "./indent.js";
export * from "./to-builder-code.js";
export * from "./format-code.js";
export * from "./fmt.js";
