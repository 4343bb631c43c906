// The pathway vocabulary as plain constants (node types from the registry, variable types, webhook methods), without zod, so light paths can use it.
import { NODE_TYPES, type NodeTypeSpelling } from "./node-types/index.js";

// seed part 2.5
/** Node types named by the service's API reference (pathway node: type), in its order. */
export const DOCUMENTED_NODE_TYPES: readonly Exclude<(typeof NODE_TYPES)[number]["documentedAs"], null>[] = NODE_TYPES.flatMap((d) =>
  d.documentedAs === null ? [] : [d.documentedAs],
);

/** Every node type seen in real pathway files, documented or not: the documented spellings, then the others in the order real files showed them. */
export const KNOWN_NODE_TYPES: readonly KnownNodeType[] = [
  ...DOCUMENTED_NODE_TYPES,
  ...NODE_TYPES.flatMap((d) => [d.type, ...d.aliases]).filter((spelling) => !(DOCUMENTED_NODE_TYPES as readonly string[]).includes(spelling)),
];
export type KnownNodeType = NodeTypeSpelling;

/** Types an extracted variable may have. */
export const EXTRACT_VAR_TYPES = ["string", "integer", "boolean"] as const;
export type ExtractVarType = (typeof EXTRACT_VAR_TYPES)[number];

/** HTTP methods a Webhook node may use. */
export const WEBHOOK_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
