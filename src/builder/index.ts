// The builder layer's public surface: write pathways as typed TypeScript and build them into validated JSON.
export * from "./call-site.js";
export * from "./nodes.js";
export * from "./pathway-builder.js";
