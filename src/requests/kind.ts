// Which request a body is: from --kind, else the file name (`*.batch.json`), else the fields each kind requires or forbids.
import { isObject } from "../model/pathway.js";
import { getKnownFields, REQUEST_KINDS, type RequestKind } from "./models.js";
import { REQUIRED_FIELDS } from "./request-fields.js";

/** A kind, or why none could be told. */
export type KindAnswer = { kind: RequestKind } | { message: string; pointer: string };

/** The kind a file name declares: `<name>.<kind>.json` or `<name>.<kind>.request.json` (or .yaml, .yml). */
export function getKindFromFileName(fileName: string | undefined): RequestKind | undefined {
  const m = fileName === undefined ? null : /\.(call|batch-v2|batch|inbound|purchase)(\.request)?\.(json|ya?ml)$/i.exec(fileName);
  return m ? (m[1]!.toLowerCase() as RequestKind) : undefined;
}

let knownBy: Map<string, Set<RequestKind>> | undefined;
/** Which kinds document each field; a field only other kinds document is one this kind forbids. */
function getKindsOfField(): Map<string, Set<RequestKind>> {
  if (knownBy) return knownBy;
  knownBy = new Map();
  for (const kind of REQUEST_KINDS) {
    for (const field of getKnownFields(kind)) {
      const kinds = knownBy.get(field) ?? new Set<RequestKind>();
      kinds.add(kind);
      knownBy.set(field, kinds);
    }
  }
  return knownBy;
}

/**
 * The kind the fields tell: the first kind (in `REQUEST_KINDS` order, so `{phone_number, pathway_id}` is a call) whose
 * required fields are present and which has no field only other kinds document; else the one kind with no such field
 * (`{"task": ...}` is a call missing its number, which a rule then reports); else the one kind whose required fields
 * are all there, whatever else the body sends (an inbound update with `prompt` and a `temperature` only calls
 * document: real bodies send fields of other endpoints, which a rule then notes). Fields no kind documents say nothing.
 */
function getKindFromFields(body: Record<string, unknown>): RequestKind | undefined {
  const kindsOf = getKindsOfField();
  const hasRequired = (kind: RequestKind) => REQUIRED_FIELDS[kind].every((group) => group.some((field) => Object.hasOwn(body, field)));
  const fitting = REQUEST_KINDS.filter((kind) => Object.keys(body).every((key) => kindsOf.get(key)?.has(kind) ?? true));
  const complete = fitting.find(hasRequired);
  if (complete) return complete;
  // A lone fit with none of its identifying fields (an empty body, settings only) tells nothing.
  const identified = fitting.filter((kind) =>
    REQUIRED_FIELDS[kind].some((group) => group.some((field) => Object.hasOwn(body, field) && field !== "phone_number")),
  );
  if (identified.length === 1) return identified[0];
  const required = REQUEST_KINDS.filter(hasRequired);
  return required.length === 1 ? required[0] : undefined;
}

/**
 * Tells the kind of a request body. A pathway (an object with a `nodes` array) is named as such, so a pathway passed by
 * mistake gets a clear message rather than a list of unknown fields.
 */
export function detectRequestKind(value: unknown, options: { kind?: RequestKind; fileName?: string } = {}): KindAnswer {
  if (!isObject(value)) {
    const found = Array.isArray(value) ? "a list" : value === null ? "null" : typeof value;
    return {
      pointer: "",
      message: `The file holds ${found}, but a request body is one object, e.g. {"phone_number": "+14155550123", "task": "..."}; for many calls use a batch {"base_prompt": ..., "call_data": [...]}.`,
    };
  }
  if (Array.isArray(value.nodes)) {
    return {
      pointer: "/nodes",
      message:
        'This file is a pathway (it has a "nodes" list), not a request; check it with `pathway validate`, and pass it to check-request with --pathway <file>.',
    };
  }
  const kind = options.kind ?? getKindFromFileName(options.fileName) ?? getKindFromFields(value);
  if (kind) return { kind };
  return {
    pointer: "",
    message: `Cannot tell which request this is from its fields; pass --kind ${REQUEST_KINDS.join("|")}, or name the file <name>.<kind>.request.json (e.g. campaign.batch.request.json).`,
  };
}
