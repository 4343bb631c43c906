// The one list of node fields the service interpolates `{{variables}}` into: every type's, then each node type's own (its descriptor's `templates`).
import { NODE_TYPES } from "../model/node-types/index.js";

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
  /** Node types the field belongs to, for the docs (the analysis reads it on any node that has it). */
  readonly types: string;
  /** Where the field's semantics come from. */
  readonly source: string;
}

const field = (name: string, path: readonly string[], deep: boolean, types: string, source: string): VariableField => ({ name, path, deep, types, source });

/**
 * Every interpolated node field, in the order findings in one node are listed: the fields every type has, then each
 * registered node type's own fields (registry order), then node tools' and saved tools' requests.
 */
export const VARIABLE_FIELDS: readonly VariableField[] = [
  field("text", ["text"], false, "any", "documented (pathway node data: text)"),
  field("prompt", ["prompt"], false, "any", "documented (pathway node data: prompt)"),
  field("condition", ["condition"], false, "any", "documented (pathway node data: condition)"),
  field("globalPrompt", ["globalPrompt"], false, "any (older files copy it into every node)", "real files (restaurant dumps)"),
  field("globalLabel", ["globalLabel"], false, "global nodes", "real files"),
  ...NODE_TYPES.flatMap((d) => d.templates.map((t) => field(t.name, t.path, t.deep, [d.type, ...d.aliases].join(" / "), t.source))),
  field(
    "tool request",
    ["tools", "*", "config", "tool", "tool", "body"],
    true,
    "any node with `tools[]`",
    "real-world-pathways.md; `{{input.x}}` is the tool's own input",
  ),
  field(
    "saved tool request",
    ["tool", "tool"],
    true,
    "a node with a saved tool copied into `tool`",
    "the tool as GET /v1/tools lists it (`{tool_id, tool: {url, body, query, headers, ...}}`); `{{input.x}}` is the tool's own input",
  ),
];

/** The pathway-level global prompt: the `{"globalConfig": {"globalPrompt": ...}}` entry of `nodes[]` (no id, no type). */
export const GLOBAL_CONFIG_FIELD: VariableField = field(
  "global prompt",
  ["globalConfig", "globalPrompt"],
  false,
  "the `{globalConfig}` entry of `nodes[]`",
  "real files (receptionist, noshow-rebooking)",
);
