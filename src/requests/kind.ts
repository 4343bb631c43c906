// Which request a body is: from --kind, else the file name (`*.batch.json`), else the fields it has.
import { isObject } from "../model/pathway.js";
import { REQUEST_KINDS, type RequestKind } from "./models.js";

/** A kind, or why none could be told. */
export type KindAnswer = { kind: RequestKind } | { message: string; pointer: string };

/** The kind a file name declares: `<name>.<kind>.json` or `<name>.<kind>.request.json` (or .yaml, .yml). */
export function getKindFromFileName(fileName: string | undefined): RequestKind | undefined {
  const m = fileName === undefined ? null : /\.(call|batch|inbound|purchase)(\.request)?\.(json|ya?ml)$/i.exec(fileName);
  return m ? (m[1]!.toLowerCase() as RequestKind) : undefined;
}

/**
 * Tells the kind of a request body. A pathway (an object with a `nodes` array) is named as such, so a pathway passed by
 * mistake gets a clear message rather than a list of unknown fields.
 */
export function detectRequestKind(value: unknown, options: { kind?: RequestKind; fileName?: string } = {}): KindAnswer {
  if (!isObject(value)) {
    const found = Array.isArray(value) ? "a list" : value === null ? "null" : typeof value;
    return { pointer: "", message: `The file holds ${found}, but a request body is one object, e.g. {"phone_number": "+14155550123", "task": "..."}; for many calls use a batch {"base_prompt": ..., "call_data": [...]}.` };
  }
  if (Array.isArray(value.nodes)) {
    return { pointer: "/nodes", message: "This file is a pathway (it has a \"nodes\" list), not a request; check it with `pathway validate`, and pass it to check-request with --pathway <file>." };
  }
  const kind = options.kind ?? getKindFromFileName(options.fileName);
  if (kind) return { kind };
  if ("base_prompt" in value || "call_data" in value) return { kind: "batch" };
  if ("task" in value || "start_node_id" in value || "request_data" in value) return { kind: "call" };
  if ("area_code" in value || "country_code" in value) return { kind: "purchase" };
  if ("prompt" in value || "model" in value) return { kind: "inbound" };
  if ("pathway_id" in value && "phone_number" in value) return { kind: "call" };
  return {
    pointer: "",
    message: `Cannot tell which request this is from its fields; pass --kind ${REQUEST_KINDS.join("|")}, or name the file <name>.<kind>.request.json (e.g. campaign.batch.request.json).`,
  };
}
