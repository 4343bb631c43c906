// The remote layer: a client of the service's pathway endpoints over an injected fetch, and the helpers it uses.
export * from "./chat.js";
export * from "./client.js";
export * from "./errors.js";
export * from "./hash.js";
export * from "./path-segment.js";
export { createRedactor, ENCRYPTED_KEY_ENV } from "./redact.js";
export * from "./retry.js";
export * from "./shape.js";
export * from "./settings.js";
export * from "./versions.js";
export * from "./release.js";
export * from "./calls.js";
export * from "./usage.js";
export * from "./agent-testing.js";
export type * from "./version-log.js";
