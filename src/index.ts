// The public API of pathwaykit: the library under the `pathway` command line.
export * from "./model/index.js";
export * from "./diagnostics/index.js";
export * from "./parse/index.js";
export * from "./validate/index.js";
export * from "./format/index.js";
export * from "./graph/index.js";
export * from "./lint/index.js";
export * from "./export/index.js";
export * from "./simulate/index.js";
export * from "./remote/index.js";
export * from "./diff/index.js";
export * from "./builder/index.js";
export * from "./codegen/index.js";
export * from "./requests/index.js";
export { checkRequestFiles, checkRequestInputs, toPathwayRef, type CheckRequestFilesOptions, type PathwayRef, type RequestFileResult, type RequestInput } from "./engine/check-requests.js";
