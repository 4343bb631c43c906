// Masks personal data: a call record's numbers, emails and number fields wherever they appear, and phone numbers shown as +1555***0123.

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
 * A phone number as a report shows it by default: the plus, the first four digits (country and area code) and the last
 * four, the rest as `***` (`+15550000123` is `+1555***0123`); fewer digits are kept when the number is shorter, so at
 * least three are always hidden. Anything but the digits and a leading plus is dropped, so the result is inert text;
 * a value with fewer than seven digits is not a number and reads `[masked]`.
 */
export function maskPhoneNumber(value: string): string {
  const digits = value.replace(/\D/g, "");
  if (digits.length < 7) return PERSONAL_MASK;
  const plus = value.trim().startsWith("+") ? "+" : "";
  return `${plus}${digits.slice(0, Math.min(4, digits.length - 7))}***${digits.slice(-4)}`;
}

/** `text` with every phone number in it written as `maskPhoneNumber` writes it (a message quoting a number or a URL with one). */
export function maskPhoneNumbers(text: string): string {
  return text.replace(PHONE, (number) => maskPhoneNumber(number));
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
