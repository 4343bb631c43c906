// The schema pass: every field the documentation defines has the documented JSON type (ajv, against the schema generated from zod).
import type { ErrorObject } from "ajv";
import { describeNode, isGlobalConfigEntry, isObject } from "../../model/pathway.js";
import type { PathwayNode } from "../../model/schema.js";
import { definePathwayRule } from "../../rules/index.js";
import * as generated from "../generated/shape-validators.js";

/** An ajv validate function (precompiled by scripts/generate-validators.ts, so no compiler runs here). */
type ValidateFunction = ((data: unknown, context?: object) => boolean) & { errors?: ErrorObject[] | null };

/**
 * The call context ajv's functions would otherwise build from defaults on every call, 40,000 times for a large
 * pathway. Nothing in it is written to: the schema has no dynamic anchors.
 */
const CALL = Object.freeze({ instancePath: "", dynamicAnchors: Object.freeze({}) });

const v = generated as unknown as Record<"top" | "node" | "globalConfig" | "edge", ValidateFunction>;

/** Errors other rules report better: missing node id/type, extractVars, modelOptions. */
function ownedElsewhere(error: ErrorObject, isNode: boolean): boolean {
  if (!isNode) return false;
  if (error.instancePath === "" && error.keyword === "required") return true;
  if (error.instancePath === "/id" || error.instancePath === "/type") return true;
  return /^\/data\/(extractVars|modelOptions)(\/|$)/.test(error.instancePath);
}

function valueAt(root: unknown, instancePath: string): unknown {
  let value = root;
  for (const token of instancePath.split("/").slice(1)) {
    const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
    value = isObject(value) || Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return value;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  // Only a built module (not JSON) can hold undefined; JSON.stringify(undefined) would print "undefined undefined".
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`;
}

function describeError(error: ErrorObject, root: unknown): string {
  const field = error.instancePath.split("/").slice(1).join(".") || "the value";
  switch (error.keyword) {
    case "type":
      return `"${field}" must be ${String(error.params.type).replace(",", " or ")}, not ${kindOf(valueAt(root, error.instancePath))}`;
    case "required":
      return `${field === "the value" ? "it" : `"${field}"`} is missing the required "${String(error.params.missingProperty)}"`;
    case "minLength":
      return `"${field}" must not be empty`;
    default:
      return `"${field}" ${error.message ?? "is invalid"}`;
  }
}

/** One finding per place: ajv reports every failed branch of an anyOf, which says the same thing several times. */
function firstPerPath(errors: readonly ErrorObject[]): ErrorObject[] {
  const byPath = new Map<string, ErrorObject>();
  for (const error of errors) {
    const key = error.instancePath + (error.keyword === "required" ? `#${String(error.params.missingProperty)}` : "");
    if (!byPath.has(key) && error.keyword !== "anyOf") byPath.set(key, error);
  }
  return [...byPath.values()];
}

export default definePathwayRule({
  meta: {
    id: "pathway-shape",
    description: "The file is a JSON object with a `nodes` array (and optional `edges` array) whose documented fields have the documented types.",
    defaultSeverity: "error",
    set: "validate",
    messages: {
      notObject: 'The file holds {{found}}, but a pathway is a JSON object with "nodes" and "edges"; wrap the content in {"nodes": [...], "edges": [...]}.',
      noNodes: 'A pathway needs a "nodes" array ({{found}}); add "nodes": [...] with at least a start node.',
      savedAnswer: "{{description}}",
      badValue: "{{who}}: {{detail}}; fix the value or remove the key.",
      nodeNotObject: "nodes[{{index}}] is {{detail}}, but every node must be an object with id, type and data; remove or fix it.",
      edgeNotObject: "edges[{{index}}] is {{detail}}, but every edge must be an object with id, source, target and label; remove or fix it.",
    },
  },
  check({ pathway }, report) {
    // Called only after a validator failed: naming the entry costs a string, and almost every entry is valid.
    const reportErrors = (validate: ValidateFunction, value: unknown, base: string, who: string, isNode: boolean) => {
      for (const error of firstPerPath(validate.errors ?? [])) {
        if (ownedElsewhere(error, isNode)) continue;
        report({ pointer: base + error.instancePath, messageId: "badValue", data: { who, detail: describeError(error, value) } });
      }
    };
    if (!v.top(pathway, CALL)) reportErrors(v.top, pathway, "", "Pathway", false);
    const nodes = pathway.nodes as unknown[];
    for (let index = 0; index < nodes.length; index++) {
      const entry = nodes[index];
      if (!isObject(entry)) {
        report({ pointer: `/nodes/${index}`, messageId: "nodeNotObject", data: { index, detail: kindOf(entry) } });
      } else if (isGlobalConfigEntry(entry)) {
        if (!v.globalConfig(entry, CALL)) reportErrors(v.globalConfig, entry, `/nodes/${index}`, `The globalConfig entry at nodes[${index}]`, false);
      } else if (!v.node(entry, CALL)) {
        reportErrors(v.node, entry, `/nodes/${index}`, typeof entry.id === "string" ? `Node ${describeNode(entry as PathwayNode)}` : `nodes[${index}]`, true);
      }
    }
    const edges = pathway.edges;
    if (!Array.isArray(edges)) return;
    for (let index = 0; index < edges.length; index++) {
      const edge: unknown = edges[index];
      if (!isObject(edge)) {
        report({ pointer: `/edges/${index}`, messageId: "edgeNotObject", data: { index, detail: kindOf(edge) } });
      } else if (!v.edge(edge, CALL)) {
        reportErrors(v.edge, edge, `/edges/${index}`, `Edge ${typeof edge.id === "string" ? JSON.stringify(edge.id) : `edges[${index}]`}`, false);
      }
    }
  },
});
