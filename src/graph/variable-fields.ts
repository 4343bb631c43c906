// The one list of node fields the service interpolates `{{variables}}` into: the variable analysis and README read it.

/**
 * A node field whose strings the service fills `{{variables}}` into. `path` is relative to the node's `data`; `"*"`
 * stands for every element of an array or every value of an object. `deep` fields are read through every string
 * nested below the path (webhook bodies, header pairs, warm-transfer settings).
 */
export interface VariableField {
  /** Stable name, used in messages and in the finding's identity: one finding per (rule, node, field, variable). */
  readonly name: string;
  readonly path: readonly string[];
  readonly deep: boolean;
  /** Node types the field belongs to, for the README (the analysis reads it on any node that has it). */
  readonly types: string;
  /** Where the field's semantics come from. */
  readonly source: string;
}

const field = (name: string, path: readonly string[], deep: boolean, types: string, source: string): VariableField => ({ name, path, deep, types, source });

/** Every interpolated node field, in the order findings in one node are listed. */
export const VARIABLE_FIELDS: readonly VariableField[] = [
  field("text", ["text"], false, "any", "documented (pathway node data: text)"),
  field("prompt", ["prompt"], false, "any", "documented (pathway node data: prompt)"),
  field("condition", ["condition"], false, "any", "documented (pathway node data: condition)"),
  field("globalPrompt", ["globalPrompt"], false, "any (older files copy it into every node)", "real files (restaurant dumps)"),
  field("globalLabel", ["globalLabel"], false, "global nodes", "real files"),
  field("url", ["url"], false, "Webhook", "documented"),
  field("body", ["body"], true, "Webhook", "documented; a JSON template string or an object"),
  field("headers", ["headers"], true, "Webhook", "real files: `[[key, value], ...]`; `{{SECRET.x}}` is a stored secret"),
  field("transferNumber", ["transferNumber"], false, "Transfer Call / Transfer Node", "real files"),
  field("warmTransferFields", ["warmTransferFields"], true, "Transfer Call", "real files (noshow-rebooking: `agentPrompt`)"),
  field("kb", ["kb"], false, "Knowledge Base", "real files (restaurant dumps)"),
  field("route condition value", ["routes", "*", "conditions", "*", "value"], false, "Route", "real files"),
  field("digitPrompt", ["digitPrompt"], false, "Press Button", "real files (ivr-claims)"),
  field("sequence", ["sequence"], false, "Press Button", "real files (ivr-claims)"),
  field("message", ["message"], false, "SMS", "real files (ivr-workaround)"),
  field("smsBody", ["smsBody"], false, "SMS", "real-world-pathways.md (both spellings seen)"),
  field("phoneNumber", ["phoneNumber"], false, "SMS", "real-world-pathways.md"),
  field("fromNumber", ["fromNumber"], false, "SMS", "real files (ivr-workaround)"),
  field("snippet_variables", ["snippet_variables", "*"], false, "Custom Code", "real-world-pathways.md: values are `{{variable}}` templates"),
  field("tool request", ["tools", "*", "config", "tool", "tool", "body"], true, "any node with `tools[]`", "real-world-pathways.md; `{{input.x}}` is the tool's own input"),
];

/** The pathway-level global prompt: the `{"globalConfig": {"globalPrompt": ...}}` entry of `nodes[]` (no id, no type). */
export const GLOBAL_CONFIG_FIELD: VariableField = field("global prompt", ["globalConfig", "globalPrompt"], false, "the `{globalConfig}` entry of `nodes[]`", "real files (receptionist, noshow-rebooking)");
