// Small shared pieces of the request rules: pointers, phone-number forms, templates, near-miss names.
import { toPointer } from "../diagnostics/index.js";
import { isObject, type JsonObject } from "../model/pathway.js";
export { closestName, editDistance } from "../rules/near-miss.js";

/** The pointer of a field path in the request body. */
export function at(...segments: (string | number)[]): string {
  return toPointer(segments);
}

// seed 4.1
/** How a phone number is written (POST /v1/calls: phone_number): E.164, accepted but discouraged (with its E.164 form), or invalid (why). */
export type PhoneForm = { form: "e164" } | { form: "discouraged"; e164: string; why: string } | { form: "invalid"; why: string; e164?: string };

const E164 = /^\+[1-9]\d{6,14}$/;

/** Classifies a phone number as the API reference does. */
export function classifyPhone(raw: string): PhoneForm {
  const value = raw.trim();
  if (E164.test(value)) return { form: "e164" };
  if (value === "") return { form: "invalid", why: "it is empty" };
  if (/(ext\.?|extension|x|#)\s*\d+\s*$/i.test(value) && /\d/.test(value.replace(/(ext\.?|extension|x|#)\s*\d+\s*$/i, ""))) {
    return { form: "invalid", why: "it has extension text, which the service cannot dial" };
  }
  if (/[A-Za-z]/.test(value)) return { form: "invalid", why: "it has letters" };
  if (/[^\d\s()+-]/.test(value)) return { form: "invalid", why: "it has characters other than digits, spaces, parentheses, dashes and a leading +" };
  // lastIndexOf: "++1415..." and "+1+4+1..." start with a plus too, but only the first may be one.
  if (value.lastIndexOf("+") > 0) return { form: "invalid", why: "it has a + after the start; only one leading + is allowed" };
  const digits = value.replace(/\D/g, "");
  if (value.startsWith("+")) {
    return E164.test(`+${digits}`)
      ? { form: "discouraged", e164: `+${digits}`, why: "it has spaces, parentheses or dashes" }
      : { form: "invalid", why: "it does not have 7 to 15 digits after the +" };
  }
  if (digits.length === 10)
    return {
      form: "discouraged",
      e164: `+1${digits}`,
      why: /\D/.test(value) ? "it has no country code and has spaces, parentheses or dashes" : "it has 10 digits and no country code, so +1 is assumed",
    };
  if (digits.length === 11 && digits.startsWith("1")) return { form: "invalid", why: "it has a country code without the plus", e164: `+${digits}` };
  return { form: "invalid", why: `it has ${digits.length} digits and no +country code` };
}

/** One phone-number field of a request: its value and pointer. */
export interface PhoneField {
  value: unknown;
  pointer: string;
  field: string;
  // seed 4.1, 4.6
  /** `from` needs a country code and no separators (POST /v1/calls: from); a purchase number needs +1 (POST /v1/inbound/purchase: phone_number). */
  strict?: "from" | "purchase";
}

/** Every phone-number field in a body: phone_number, from, transfer_phone_number, transfer_list values, call_data rows. */
export function getPhoneFields(kind: string, body: JsonObject): PhoneField[] {
  const fields: PhoneField[] = [];
  const add = (value: unknown, pointer: string, field: string, strict?: PhoneField["strict"]) => {
    if (value !== undefined && value !== null) fields.push({ value, pointer, field, ...(strict && { strict }) });
  };
  if (kind === "purchase") {
    add(body.phone_number, at("phone_number"), "phone_number", "purchase");
    return fields;
  }
  add(body.phone_number, at("phone_number"), "phone_number");
  add(body.from, at("from"), "from", "from");
  add(body.transfer_phone_number, at("transfer_phone_number"), "transfer_phone_number");
  if (isObject(body.transfer_list)) {
    for (const [label, value] of Object.entries(body.transfer_list)) add(value, at("transfer_list", label), `transfer_list.${label}`);
  }
  if (kind === "batch" && Array.isArray(body.call_data)) {
    body.call_data.forEach((row, i) => {
      if (isObject(row)) add(row.phone_number, at("call_data", i, "phone_number"), `call_data[${i}].phone_number`);
    });
  }
  return fields;
}

/** The distinct `{{name}}` references in a text, in order of first use (spaces inside the braces allowed), with the root before any dot. */
export function getTemplateVariables(text: string): { name: string; root: string }[] {
  // Each name once: a prompt that repeats {{a}} 100,000 times holds one unsupplied variable, not 100,000 findings.
  const names = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g)) names.add(m[1]!);
  return [...names].map((name) => ({ name, root: name.split(".")[0]! }));
}

/** `{name}` placeholders of a batch's base_prompt (single braces; `{{name}}` is not one). */
export function getBatchPlaceholders(text: string): string[] {
  const names = [...text.matchAll(/(?<!\{)\{\s*([A-Za-z_][\w-]*)\s*\}(?!\})/g)].map((m) => m[1]!);
  return [...new Set(names)];
}

/** The names a request's dynamic_data makes into variables (`response_data[].name`). */
export function getDynamicDataNames(body: JsonObject): string[] {
  const items = Array.isArray(body.dynamic_data) ? body.dynamic_data : isObject(body.dynamic_data) ? [body.dynamic_data] : [];
  const names: string[] = [];
  for (const item of items) {
    if (!isObject(item) || !Array.isArray(item.response_data)) continue;
    for (const r of item.response_data) if (isObject(r) && typeof r.name === "string" && r.name.trim() !== "") names.push(r.name.trim());
  }
  return names;
}

/** True for an absolute http(s) URL: the only kind the service can call. */
export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A value as a short quoted example for a message. */
export function show(value: unknown): string {
  // JSON.stringify writes Infinity (what `1e999` parses to) as null, which is not what the file says.
  if (typeof value === "number" && !Number.isFinite(value)) return `${value} (a number too large to hold)`;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
