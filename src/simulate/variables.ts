// The variable store's helpers: {{variable}} filling, JSON paths into webhook bodies, and typed extraction from a turn.
import { isObject } from "../model/pathway.js";

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Reads `name` or a dotted path (`input.a.b`) from the store; undefined when unset. */
export function getVariable(variables: Readonly<Record<string, unknown>>, name: string): unknown {
  if (Object.hasOwn(variables, name)) return variables[name];
  const parts = name.split(".");
  if (parts.length < 2) return undefined;
  let value: unknown = variables;
  for (const part of parts) {
    if (Array.isArray(value) && /^\d+$/.test(part)) value = value[Number(part)];
    else if (isObject(value) && Object.hasOwn(value, part)) value = value[part];
    else return undefined;
  }
  return value;
}

function toText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === null || typeof value !== "object") return String(value);
  return JSON.stringify(value);
}

/** Fills `{{name}}` placeholders from the store; unset ones stay literal and are listed (once each, in order). */
export function renderTemplate(template: string, variables: Readonly<Record<string, unknown>>): { text: string; unset: string[] } {
  const unset: string[] = [];
  const text = template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = getVariable(variables, name);
    if (value === undefined || value === null) {
      if (!unset.includes(name)) unset.push(name);
      return whole;
    }
    return toText(value);
  });
  return { text, unset };
}

/**
 * Evaluates a simple JSON path (`$`, `$.a.b`, `$.items[0].x`, `$['odd key']`) against a value; undefined when any
 * step is missing or the path is not of that form.
 */
export function getJsonPath(value: unknown, path: string): unknown {
  const trimmed = path.trim();
  if (!trimmed.startsWith("$")) return undefined;
  const step = /^(?:\.([A-Za-z_$][\w$-]*)|\[(\d+)\]|\[\s*'([^']*)'\s*\]|\[\s*"([^"]*)"\s*\])/;
  let rest = trimmed.slice(1);
  let current = value;
  while (rest.length > 0) {
    const m = step.exec(rest);
    if (!m) return undefined;
    rest = rest.slice(m[0].length);
    if (m[2] !== undefined) {
      if (!Array.isArray(current)) return undefined;
      current = current[Number(m[2])];
    } else {
      const key = m[1] ?? m[3] ?? m[4] ?? "";
      if (!isObject(current) || !Object.hasOwn(current, key)) return undefined;
      current = current[key];
    }
    if (current === undefined) return undefined;
  }
  return current;
}

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
};
const YES = new Set(["yes", "yeah", "yep", "yup", "sure", "correct", "right", "affirmative", "ok", "okay", "true", "absolutely", "definitely"]);
const NO = new Set(["no", "nope", "nah", "not", "never", "negative", "false", "don't", "dont"]);

/** The first whole number in `text` (digits, or a number word), or undefined. */
export function extractInteger(text: string): number | undefined {
  const digits = /-?\d[\d,]*/.exec(text);
  if (digits) {
    const n = Number(digits[0].replace(/,/g, ""));
    if (Number.isFinite(n)) return Math.trunc(n);
  }
  for (const word of text.toLowerCase().split(/[^a-z]+/)) if (word in NUMBER_WORDS) return NUMBER_WORDS[word];
  return undefined;
}

/** true for yes-words, false for no-words (a "no" anywhere wins over "yes"), undefined when neither occurs. */
export function extractBoolean(text: string): boolean | undefined {
  const words = text
    .toLowerCase()
    .split(/[^a-z']+/)
    .filter(Boolean);
  if (words.some((w) => NO.has(w))) return false;
  if (words.some((w) => YES.has(w))) return true;
  return undefined;
}

/** Typed extraction of one variable from a user turn: integer, boolean from yes/no, or the whole turn for strings. */
export function extractTyped(type: string, text: string): unknown {
  if (type === "integer") return extractInteger(text);
  if (type === "boolean") return extractBoolean(text);
  const trimmed = text.trim();
  return trimmed === "" ? undefined : trimmed;
}
