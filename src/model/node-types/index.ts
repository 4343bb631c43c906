// The registry of node types: one descriptor per type, as an explicit list, and the lookup every layer reads them by.
import customCode from "./custom-code.js";
import customTool from "./custom-tool.js";
import defaultType from "./default.js";
import type { NodeTypeDescriptor } from "./descriptor.js";
import endCall from "./end-call.js";
import ivr from "./ivr.js";
import knowledgeBase from "./knowledge-base.js";
import pressButton from "./press-button.js";
import route from "./route.js";
import scheduling from "./scheduling.js";
import sms from "./sms.js";
import transferCall from "./transfer-call.js";
import transferPathway from "./transfer-pathway.js";
import vectorDbKnowledgeBase from "./vector-db-knowledge-base.js";
import waitForResponse from "./wait-for-response.js";
import webhook from "./webhook.js";

export type * from "./descriptor.js";

// seed part 2.5
/**
 * Every node type, in the order the vocabulary lists them: the five the API reference names (pathway node: type), in
 * its order, then the others in the order real files showed them. A new type goes at the end. The order is public: it is
 * `KNOWN_NODE_TYPES`, the schema's enum and the list `unknown-node-type` prints, so it is kept rather than sorted by name.
 */
export const NODE_TYPES = [
  defaultType,
  endCall,
  transferCall,
  knowledgeBase,
  webhook,
  waitForResponse,
  customCode,
  route,
  sms,
  customTool,
  transferPathway,
  pressButton,
  scheduling,
  vectorDbKnowledgeBase,
  ivr,
] as const satisfies readonly NodeTypeDescriptor[];

/** A registered type's name as the service writes it (`"Transfer Call"`, not its alias). */
export type NodeTypeName = (typeof NODE_TYPES)[number]["type"];

/** Any spelling of a registered type: its name or an alias (`"Transfer Node"`). */
export type NodeTypeSpelling = NodeTypeName | (typeof NODE_TYPES)[number]["aliases"][number];

const BY_SPELLING: ReadonlyMap<string, NodeTypeDescriptor> = new Map(
  NODE_TYPES.flatMap((d): [string, NodeTypeDescriptor][] => [d.type, ...d.aliases].map((spelling) => [spelling, d])),
);

/**
 * The descriptor of the type a node's `type` spells (its name or an alias, exactly as written), or undefined for a
 * type the registry does not know, a missing type and anything that is not a string.
 */
export function getNodeType(type: unknown): NodeTypeDescriptor | undefined {
  return typeof type === "string" ? BY_SPELLING.get(type) : undefined;
}
