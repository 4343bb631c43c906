// The diagnostics layer's public surface.
export * from "./diagnostic.js";
export * from "./file-result.js";
export * from "./pointer.js";
