// Node helpers of the builder: one function per node type, each returning a spec that the builder places under an id.
import type { ExtractVarType, JsonObject, KnownNodeType, ModelOptions, NodeData } from "../model/index.js";
import defaultType from "../model/node-types/default.js";
import type { HelperOptionKind } from "../model/node-types/descriptor.js";
import endCallType from "../model/node-types/end-call.js";
import knowledgeBaseType from "../model/node-types/knowledge-base.js";
import transferCallType from "../model/node-types/transfer-call.js";
import webhookType from "../model/node-types/webhook.js";

/** An extracted variable: `[name, type, description, ...extra]`, with the type one of the known extractVars types. */
export type Variable<Name extends string = string, Type extends ExtractVarType = ExtractVarType> = readonly [Name, Type, string, ...unknown[]];

/** A `pathwayExamples` item as real files carry it. */
export interface PathwayExample {
  "Chosen Pathway"?: string;
  "Conversation History"?: string | { role: string; content: string }[];
  [key: string]: unknown;
}

/** Options every node helper takes. All optional. */
export interface CommonNodeOptions {
  /** The name shown in the editor and in messages. */
  name?: string;
  /** Stay on this node until the condition is met (`data.condition`). */
  condition?: string;
  /** Variables the model extracts at this node; write them with `variable(...)`. */
  extractVars?: readonly Variable[];
  /** Model settings for this node (`modelName`, `temperature` 0..1, `interruptionThreshold`, ...). */
  modelOptions?: ModelOptions;
  /** Example conversations that steer which edge is taken. */
  pathwayExamples?: readonly PathwayExample[];
  /** Escape hatch: more `data` fields, written as they are (they win over the options above). */
  data?: JsonObject;
  /** Escape hatch: more fields on the node itself, beside id, type and data (e.g. `position`). */
  fields?: JsonObject;
}

/** What a node helper returns: the node minus its id, plus the escape-hatch fields. */
export interface NodeSpec {
  readonly type: string;
  readonly data: JsonObject;
  readonly fields?: JsonObject;
}

/** Says exactly `text`, or follows the instructions in `prompt`: at least one of the two. */
export type SpeechOptions = { text: string; prompt?: string } | { prompt: string; text?: string };

/** A variable tuple for `extractVars`. The type is one of "string" | "integer" | "boolean". */
export function variable<const Name extends string, const Type extends ExtractVarType>(
  name: Name,
  type: Type,
  description: string,
  ...extra: unknown[]
): Variable<Name, Type> {
  return [name, type, description, ...extra] as const;
}

/** Copies only the options that are set, so the JSON has no `undefined` members. */
function defined(entries: [string, unknown][]): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of entries) if (value !== undefined) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

function createSpec(type: string, options: CommonNodeOptions & { text?: string; prompt?: string }, specific: [string, unknown][]): NodeSpec {
  const data = {
    ...defined([
      ["name", options.name],
      ["text", options.text],
      ["prompt", options.prompt],
      ["condition", options.condition],
      ...specific,
      ["extractVars", options.extractVars?.map((v) => [...v])],
      ["modelOptions", options.modelOptions === undefined ? undefined : { ...options.modelOptions }],
      ["pathwayExamples", options.pathwayExamples?.map((e) => ({ ...e }))],
    ]),
    ...options.data,
  };
  return options.fields === undefined ? { type, data } : { type, data, fields: { ...options.fields } };
}

/** An option as the builder writes it: the response mappings are copied one level deep, so later edits of the caller's arrays do not reach the spec. */
function copyOption(kind: HelperOptionKind, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (kind === "response-data") return (value as readonly object[]).map((r) => ({ ...r }));
  if (kind === "response-pathways") return (value as readonly (readonly unknown[])[]).map((r) => [...r]);
  return value;
}

/** The part of a node type's descriptor a helper writes from; its option keys must be options of the helper (checked by the compiler). */
interface HelperDescriptor<O> {
  readonly type: string;
  readonly builder: { readonly options: readonly (readonly [keyof O & string, HelperOptionKind])[]; readonly typeOption?: keyof O & string };
}

/** A helper's spec: the type's name (or the alias its type option asks for), then its own options in the descriptor's order. */
function createHelperSpec<O extends CommonNodeOptions & { text?: string; prompt?: string }>(descriptor: HelperDescriptor<O>, options: O): NodeSpec {
  const { builder } = descriptor;
  const type = (builder.typeOption === undefined ? undefined : (options[builder.typeOption] as string | undefined)) ?? descriptor.type;
  return createSpec(
    type,
    options,
    builder.options.map(([key, kind]): [string, unknown] => [key, copyOption(kind, options[key])]),
  );
}

/** A `Default` node: the agent says `text` verbatim or follows `prompt`. */
export function defaultNode(options: CommonNodeOptions & SpeechOptions): NodeSpec {
  return createHelperSpec(defaultType, options);
}

/** An `End Call` node: says its `text` or `prompt` and hangs up. */
export function endCall(options: CommonNodeOptions & SpeechOptions): NodeSpec {
  return createHelperSpec(endCallType, options);
}

/** Options of `transfer`. */
export interface TransferOptions extends CommonNodeOptions {
  /** E.164 (`+15551234567`) or a `{{variable}}`. */
  transferNumber: string;
  text?: string;
  prompt?: string;
  /** The type written: real exports use `Transfer Call` (the default), the documentation `Transfer Node` (the type's alias). */
  nodeType?: (typeof transferCallType)["type"] | (typeof transferCallType)["aliases"][number];
}

/** A transfer node: hands the call to `transferNumber`. */
export function transfer(options: TransferOptions): NodeSpec {
  return createHelperSpec(transferCallType, options);
}

/** Options of `knowledgeBase`. */
export interface KnowledgeBaseOptions extends CommonNodeOptions {
  /** The text the node answers from. */
  kb: string;
  text?: string;
  prompt?: string;
}

/** A `Knowledge Base` node: answers the caller from `kb`. */
export function knowledgeBase(options: KnowledgeBaseOptions): NodeSpec {
  return createHelperSpec(knowledgeBaseType, options);
}

/** HTTP methods a webhook can use. */
export type WebhookMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** `{name, data: "$.json.path", context}`: a value the webhook's response fills in. */
export interface WebhookResponseData {
  name: string;
  data: string;
  context?: string;
  [key: string]: unknown;
}

/** `[variable, operator, value, {id, name}]`: where to go after the webhook, by its response. */
export type WebhookResponsePathway = readonly [string, string, unknown, { id?: string; name?: string; [key: string]: unknown }, ...unknown[]];

/** Options of `webhook`. */
export interface WebhookOptions extends CommonNodeOptions {
  /** http(s) URL or one starting with a `{{variable}}`. */
  url: string;
  method: WebhookMethod;
  /** Usually a JSON template string with `{{variables}}`. */
  body?: unknown;
  /** `[[key, value], ...]` pairs, as real files keep them. */
  headers?: unknown;
  responseData?: readonly WebhookResponseData[];
  responsePathways?: readonly WebhookResponsePathway[];
  text?: string;
  prompt?: string;
}

/** A `Webhook` node: calls `url` and stores parts of the response in variables. */
export function webhook(options: WebhookOptions): NodeSpec {
  return createHelperSpec(webhookType, options);
}

/** Any other node type (Route, SMS, Custom Code, ...): `data` is written as given. */
export function node(type: KnownNodeType | (string & {}), data: NodeData = {}, fields?: JsonObject): NodeSpec {
  return fields === undefined ? { type, data: { ...data } } : { type, data: { ...data }, fields: { ...fields } };
}
