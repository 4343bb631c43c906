// The model layer's public surface: schemas, inferred types and safe accessors.
export * from "./schema.js";
export * from "./pathway.js";
export * from "./pathway-index.js";
export * from "./json-schema.js";
export * from "./canonical.js";
export * from "./chat.js";
export * from "./chat-model.js";
export * from "./bland-file.js";
