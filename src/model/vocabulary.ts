// The pathway vocabulary as plain constants (node types, variable types, webhook methods), without zod, so light paths can use it.

// seed part 2.5
/** Node types named by the service's API reference (pathway node: type). */
export const DOCUMENTED_NODE_TYPES = ["Default", "End Call", "Transfer Node", "Knowledge Base", "Webhook"] as const;

/** Every node type seen in real pathway files, documented or not. */
export const KNOWN_NODE_TYPES = [
  ...DOCUMENTED_NODE_TYPES,
  "Transfer Call",
  "Wait for Response",
  "Custom Code",
  "Route",
  "SMS",
  "Custom Tool",
  "Transfer Pathway",
  "Press Button",
  "Scheduling",
  "Vector DB Knowledge Base",
  "IVR",
] as const;
export type KnownNodeType = (typeof KNOWN_NODE_TYPES)[number];

/** Types an extracted variable may have. */
export const EXTRACT_VAR_TYPES = ["string", "integer", "boolean"] as const;
export type ExtractVarType = (typeof EXTRACT_VAR_TYPES)[number];

/** HTTP methods a Webhook node may use. */
export const WEBHOOK_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
