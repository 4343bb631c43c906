// Fields a request body has that the seed does not list: which are typos, and which real clients are known to send.
import { isObject } from "../model/pathway.js";
import { closestName } from "./helpers.js";
import {
  DynamicDataItemSchema,
  getKnownFields,
  PronunciationItemSchema,
  REQUEST_ENDPOINTS,
  ResponseDataItemSchema,
  RetrySchema,
  type RequestKind,
} from "./models.js";

/**
 * Top-level fields real clients send that the API reference does not list, with where they were seen. The API reference is the
 * documented contract; whether the service reads these is not documented either way, so they are never called ignored.
 */
export const REAL_CLIENT_FIELDS: Readonly<Record<string, string>> = {
  amd: "iamdastani/Ai-Gemini-Python (transfer.py), a POST /v1/calls body",
  dispositions: "POST /v1/calls bodies of real projects",
  external_id: "POST /v1/calls bodies of real projects",
  guard_rails: "POST /v1/calls bodies of real projects",
  max_concurrent: "the vendor's own CLI (bland-cli 0.6.1), a POST /v2/batches/create body",
  local_dialing: "iamdastani/Ai-Gemini-Python (transfer.py), a POST /v1/calls body",
  memory_id: "POST /v1/calls bodies of real projects",
  noise_cancellation: "POST /v1/calls and /v1/inbound bodies of real projects",
  pathway_version: "POST /v1/calls and /v1/inbound bodies of three independent projects",
  voice_settings: "iamdastani/Ai-Gemini-Python (transfer.py), a POST /v1/calls body",
  voicemail: "POST /v1/calls bodies of real projects, as an object {message, action, sms, ...}",
};

/** A field the API reference does not list for its place in the body. */
export interface UndocumentedField {
  key: string;
  /** Segments of its pointer. */
  path: (string | number)[];
  /** What holds it, for messages: "The call request", "retry", "dynamic_data item". */
  what: string;
  /** Where the API reference would list it, for messages: the endpoint, and the field holding it when nested (`POST /v1/calls: retry`). */
  place: string;
  /** The documented name it is likely a typo of. */
  near?: string;
  /** Where real clients were seen sending it (top-level fields only). */
  seenIn?: string;
}

const RETRY = Object.keys(RetrySchema.shape);
const PRONUNCIATION = Object.keys(PronunciationItemSchema.shape);
const DYNAMIC = Object.keys(DynamicDataItemSchema.shape);
const RESPONSE = Object.keys(ResponseDataItemSchema.shape);

/** Every field of the body (and of retry, pronunciation_guide and dynamic_data items) that the API reference does not list. */
export function getUndocumentedFields(kind: RequestKind, body: Record<string, unknown>): UndocumentedField[] {
  const found: UndocumentedField[] = [];
  const check = (value: unknown, known: readonly string[], path: (string | number)[], what: string, top = false) => {
    if (!isObject(value)) return;
    for (const key of Object.keys(value)) {
      if (known.includes(key)) continue;
      const seenIn = top && Object.hasOwn(REAL_CLIENT_FIELDS, key) ? REAL_CLIENT_FIELDS[key] : undefined;
      // A field real clients send is what it says, not a typo of a documented one.
      const near = seenIn === undefined ? closestName(key, known) : undefined;
      const place = path.length === 0 ? REQUEST_ENDPOINTS[kind] : `${REQUEST_ENDPOINTS[kind]}: ${String(path[0])}`;
      found.push({ key, path: [...path, key], what, place, ...(near !== undefined && { near }), ...(seenIn !== undefined && { seenIn }) });
    }
  };
  check(body, getKnownFields(kind), [], `The ${kind === "batch-v2" ? "v2 batch" : kind} request`, true);
  // A v2 batch's global and call objects are POST /v1/calls bodies: checked as calls (see batch-v2.ts).
  if (kind === "purchase" || kind === "batch-v2") return found;
  check(body.retry, RETRY, ["retry"], "retry");
  if (Array.isArray(body.pronunciation_guide))
    body.pronunciation_guide.forEach((item, i) => check(item, PRONUNCIATION, ["pronunciation_guide", i], `pronunciation_guide[${i}]`));
  const dynamic = Array.isArray(body.dynamic_data)
    ? body.dynamic_data.map((d, i) => [d, ["dynamic_data", i]] as const)
    : [[body.dynamic_data, ["dynamic_data"]] as const];
  for (const [item, path] of dynamic) {
    check(item, DYNAMIC, [...path], "dynamic_data item");
    if (isObject(item) && Array.isArray(item.response_data))
      item.response_data.forEach((r, j) => check(r, RESPONSE, [...path, "response_data", j], "response_data item"));
  }
  return found;
}
