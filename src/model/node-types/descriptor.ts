// The shape of a node-type descriptor: what one node type means to every layer, as plain data those layers interpret.

/**
 * How the call leaves the pathway at a node of the type: `end-call` (End Call hangs up), `transfer` (to a phone
 * number; a warm transfer that is not answered may go on along a voicemail edge) or `transfer-pathway` (to another
 * pathway). The flow model, the simulator and the call mapping read it; ways out of such a node are never taken,
 * voicemail edges aside.
 */
export type NodeExit = "end-call" | "transfer" | "transfer-pathway";

/**
 * How a node of the type moves on without the caller choosing: `routes` (Route: the first of `routes[]` whose
 * conditions hold, else `fallbackNodeId`, decided on entry), `response-routes` (Webhook: `responsePathways` chosen by
 * the answer) or `press` (Press Button: after pressing its digits, to `targetNodeAfterPress` or along an edge with
 * `data.isGoToNextNodeEdge`).
 */
export type NodeMove = "routes" | "response-routes" | "press";

/**
 * What a node of the type runs when entered, which sets variables besides the `extractVars` and node tools any node
 * may have: `code` (Custom Code: the keys of the object its `code` returns with `Response.json`) or `request`
 * (Webhook: an HTTP request to `url`, whose answer fills `responseData`; a saved `tool` keeps its mapping out of the
 * file). The variable analysis reads what it sets; the simulator stands in for it with the turn's answer.
 */
export type NodeRun = "code" | "request";

/** The shape a diagram draws the type with (the export layer's node kinds, one per shape). */
export type NodeDrawing = "default" | "terminal" | "transfer" | "webhook" | "knowledge" | "route" | "other";

/**
 * What a builder helper option holds, which says how codegen tests a value before passing it through the option
 * (anything else stays in the `data` escape hatch) and how the builder copies it: `string`; `text` (a string that may be
 * long, which codegen names as a constant above the chain); `webhook-method` (one of `WEBHOOK_METHODS`); `any`;
 * `response-data` (`[{name, data, context?}]`); `response-pathways` (`[[variable, operator, value, {id?, name?}]]`).
 */
export type HelperOptionKind = "string" | "text" | "webhook-method" | "any" | "response-data" | "response-pathways";

/** The builder helper that writes nodes of the type, as codegen needs to call it. */
export interface NodeTypeHelper {
  /** The helper's exported name in `pathwaykit` (`webhook`). */
  readonly name: string;
  /** Options of the helper beyond the common ones (name, text, prompt, condition, extractVars, ...), in the order the builder writes them into `data`. */
  readonly options: readonly (readonly [key: string, kind: HelperOptionKind])[];
  /** What the helper's type requires: each entry a list of options of which at least one must be given (`[["text", "prompt"]]`). */
  readonly requires: readonly (readonly string[])[];
  /** The option that writes one of the type's aliases instead of its name (`transfer`'s `nodeType`); without one, aliases are written with `node()`. */
  readonly typeOption?: string;
}

/**
 * A `{{variable}}` template field of the type's `data`: a field the service fills variables into. `path` is relative
 * to `data`; `"*"` stands for every element of an array or every value of an object. A `deep` field is read through
 * every string nested below it (webhook bodies, header pairs, warm-transfer settings).
 */
export interface TemplateField {
  /** Stable name, used in messages and in a finding's identity: one finding per (rule, node, field, variable). */
  readonly name: string;
  readonly path: readonly string[];
  readonly deep: boolean;
  /** Where the field's semantics come from. */
  readonly source: string;
}

/**
 * One node type: its spellings and what it means to each layer. Every part is always present (a test over the
 * registry checks it); "none" is written as null or false, never left out, so a new type cannot skip a decision.
 */
export interface NodeTypeDescriptor {
  /** The type as the service writes it in `node.type` (real exports). */
  readonly type: string;
  /** Other spellings of the same type the service accepts (the documentation's `Transfer Node`). */
  readonly aliases: readonly string[];
  // seed part 2.5
  /** The spelling the service's API reference (pathway node: type) names the type by, or null when it does not name it. */
  readonly documentedAs: string | null;
  /** One sentence: what a node of the type does in a call (the table of node types in docs/pathways.md). */
  readonly summary: string;
  /** What the type does to the flow: how the call leaves, how it moves on by itself, what it runs. Null: it does not. */
  readonly flow: {
    readonly exit: NodeExit | null;
    readonly movesOn: NodeMove | null;
    readonly runs: NodeRun | null;
  };
  /** The type's own `data` fields the service fills `{{variables}}` into (text, prompt and condition are every type's). */
  readonly templates: readonly TemplateField[];
  /** The builder helper that writes the type, or null: then it is written with `node(type, data)`. */
  readonly builder: NodeTypeHelper | null;
  /** How a diagram draws it. */
  readonly diagram: { readonly kind: NodeDrawing };
  /** How a call log step at it is read. */
  readonly call: {
    /**
     * True when a call passes the node without a caller turn (the service acts on its own: routes, requests, code), so
     * a scenario made from a call writes no turn for a visit where the caller said nothing.
     */
    readonly passedWithoutCaller: boolean;
  };
}

/** Declares a descriptor, keeping its literal types (the registry's type names and helper option keys come from them). */
export function defineNodeType<const D extends NodeTypeDescriptor>(descriptor: D): D {
  return descriptor;
}
