// Masks the personal data of a call record (numbers, emails, the number fields) wherever it appears, so derived files never hold it.

/** What masked text reads as. */
export const PERSONAL_MASK = "[masked]";

/** Fields that hold a phone number (seed 2.1 and the system variables) and are masked whole. */
const NUMBER_FIELDS = new Set(["to", "from", "phone_number", "short_from", "short_to", "transferred_to", "recording_url"]);
// A run of 7 or more digits, with the separators people and transcribers write between them.
const PHONE = /\+?\d(?:[\s().-]{0,3}\d){6,}/g;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/** `text` with every phone number and email address replaced by the mask. */
export function maskPersonalText(text: string): string {
  return text.replace(EMAIL, PERSONAL_MASK).replace(PHONE, PERSONAL_MASK);
}

/**
 * A copy of `value` with the number fields masked whole and phone numbers and email addresses masked in every other
 * text, keys included. Timestamps and ids are left alone: they are not phone numbers (dates are split by `-` and `:`
 * into runs shorter than seven digits), and the call id is what every output names a call by.
 */
export function maskPersonalData(value: unknown, key?: string): unknown {
  if (typeof value === "string") return key !== undefined && NUMBER_FIELDS.has(key) && value !== "" ? PERSONAL_MASK : maskText(value, key);
  if (typeof value === "number") return key !== undefined && NUMBER_FIELDS.has(key) ? PERSONAL_MASK : value;
  if (Array.isArray(value)) return value.map((item) => maskPersonalData(item));
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[maskPersonalText(k)] = maskPersonalData(v, k);
  return out;
}

function maskText(text: string, key: string | undefined): string {
  // Ids and times of the record keep their digits: a call id or an ISO date is not personal data.
  if (key !== undefined && (/(^|_)(id|at)$/.test(key) || key === "timestamp" || key === "now" || key === "now_utc")) return text;
  return maskPersonalText(text);
}
