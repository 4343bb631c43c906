// The one masking function: hides credentials in every value a page, report or diff embeds (keys, headers, JSON in strings, URLs).

/** Shown instead of a hidden value. */
export const MASK = "••••••";

/** Keys whose values are credentials in the pathways we have seen (webhook auth, API keys, tokens, passwords). */
const SECRET_KEY = /secret|token|passw(or)?d|api[-_]?key|authori[sz]ation|^auth$|bearer|credential|private[-_]?key|signature|cookie/i;

/** Query parameter names that carry a credential besides those of SECRET_KEY: `?key=`, `?sig=`, `?pwd=`, `x_key=`. */
const SECRET_PARAM = /^(?:key|sig|pass|pwd|jwt|session|sid)$|[-_.]key$/i;

/** Deeper values than this are hidden whole: a hostile value cannot exhaust the stack, and nothing leaks either. */
const MAX_DEPTH = 200;

/** True when `key` names a credential. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/**
 * Where a value sits, as far as masking is concerned: ordinary data, a credential, a `headers` container, one header
 * entry of the array form (`[name, value]` or `{key, value}`), or a header's name.
 */
type Where = "plain" | "secret" | "headers" | "entry" | "name";

const isIndex = (key: string | number): boolean => typeof key === "number" || /^\d+$/.test(key);

/** The place of a child `key` of a value at `where`. */
function step(where: Where, key: string | number): Where {
  switch (where) {
    case "secret":
      return "secret";
    // `headers: [[name, value]]` holds entries; `headers: {name: value}` holds the values themselves.
    case "headers":
      return isIndex(key) ? "entry" : "secret";
    case "entry":
      return String(key) === "0" || key === "key" || key === "name" ? "name" : "secret";
    case "name":
      return "plain";
    default:
      if (typeof key === "string" && /^headers$/i.test(key)) return "headers";
      return typeof key === "string" && isSecretKey(key) ? "secret" : "plain";
  }
}

/** The place of a value at `path` (object keys and array indexes) in a document. */
function placeOf(path: readonly (string | number)[]): Where {
  let where: Where = "plain";
  for (const key of path) where = step(where, key);
  return where;
}

/**
 * True when a value at `path` is hidden: a secret key on the way, or a header value (`headers` may be the last
 * element: the whole list is then masked entry by entry, see maskSecrets).
 */
export function isMaskedPath(path: readonly (string | number)[]): boolean {
  const where = placeOf(path);
  return where === "secret" || where === "entry" || where === "headers";
}

/** A hidden scalar or subtree; empty values and booleans stay, as they reveal nothing and say "not set". */
function hide(value: unknown): unknown {
  return value === undefined || value === null || value === "" || typeof value === "boolean" ? value : MASK;
}

function maskValue(value: unknown, where: Where, depth: number): unknown {
  // Under a secret key the whole value goes, object or not: its shape could say as much as its text.
  if (depth > MAX_DEPTH || where === "secret") return hide(value);
  if (Array.isArray(value)) return value.map((item, i) => maskValue(item, step(where, i), depth + 1));
  if (value !== null && typeof value === "object") {
    // fromEntries defines own properties: a `__proto__` key stays data and never becomes a prototype.
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, maskValue(v, step(where, k), depth + 1)]));
  }
  if (where === "entry" || where === "headers") return hide(value);
  if (where === "plain" && typeof value === "string") return maskTextAt(value, depth);
  return value;
}

/** `"key": value` pairs in text that looks like JSON but does not parse (a body with `{{var}}` outside quotes). */
const JSON_PAIR = /"((?:[^"\\\n]|\\.){1,200})"(\s*:\s*)("(?:[^"\\\n]|\\.)*"|[^\s,}\]]+)/g;
/** `scheme://user:password@` and `scheme://token@`. */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]{0,30}:\/\/)([^\s/?#@"'<>]{1,500})@/gi;
/** `?name=value` and `&name=value` (and a `name=value` that starts the text or a word: form bodies). */
const QUERY_PARAM = /(^|[?&;\s])([^=&#\s"'<>?;]{1,100})=([^&#\s"'<>;]*)/g;
/** An Authorization value quoted in text. */
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/-]{8,}=*/g;

function isSecretParam(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // A malformed escape is judged as written.
  }
  return isSecretKey(decoded) || SECRET_PARAM.test(decoded);
}

/** JSON held in a string, masked as a value; undefined when the text is not a JSON object or array. */
function maskJsonText(text: string, depth: number): string | undefined {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed) || !/[\]}]$/.test(trimmed)) return undefined;
  // Values of secret keys hidden where they are written: the text keeps its spacing when that hides everything.
  const inPlace = text.replace(JSON_PAIR, (pair, key: string, colon: string, value: string) =>
    isSecretKey(key) && value !== '""' && value !== "null" ? `"${key}"${colon}"${MASK}"` : pair,
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    // Not JSON as a whole (a `{{var}}` outside quotes): secret keys hidden in place, then what any text hides.
    return maskPlainText(inPlace);
  }
  let masked: unknown;
  let out: string;
  try {
    masked = maskValue(parsed, "plain", depth + 1);
    out = JSON.stringify(masked);
    if (out === JSON.stringify(parsed)) return text;
  } catch (error) {
    // Nesting deeper than the stack (JSON.parse takes it, JSON.stringify does not): hidden whole, never shown raw.
    if (error instanceof RangeError) return MASK;
    throw error;
  }
  try {
    if (JSON.stringify(JSON.parse(inPlace)) === out) return inPlace;
  } catch {
    // Hiding in place broke the JSON (cannot happen for well-formed pairs): written anew below.
  }
  const indent = /\n([ \t]+)\S/.exec(trimmed)?.[1];
  return indent ? JSON.stringify(masked, null, indent.includes("\t") ? "\t" : indent.length) : out;
}

function maskTextAt(text: string, depth: number): string {
  return maskJsonText(text, depth) ?? maskPlainText(text);
}

/** URL credentials, query and form secrets and Bearer tokens written in text. */
function maskPlainText(text: string): string {
  if (!/[=@]|bearer/i.test(text)) return text;
  return text
    .replace(URL_USERINFO, (_m, scheme: string, userinfo: string) => {
      const colon = userinfo.indexOf(":");
      return `${scheme}${colon > 0 ? `${userinfo.slice(0, colon)}:${MASK}` : MASK}@`;
    })
    .replace(QUERY_PARAM, (m, before: string, name: string, value: string) =>
      value !== "" && value !== MASK && isSecretParam(name) ? `${before}${name}=${MASK}` : m,
    )
    .replace(BEARER, (_m, bearer: string) => `${bearer}${MASK}`);
}

/**
 * `text` with credentials written into it hidden: JSON held in the string masked as a value (see maskSecrets),
 * URL credentials (`https://user:••••••@`, a lone `https://••••••@` user), query and form parameters named like
 * secrets (`?api_key=`, `token=`, `key=`, `secret=`, `password=`, `sig=`...) and `Bearer` tokens.
 */
export function maskText(text: string): string {
  return maskTextAt(text, 0);
}

/**
 * A copy of `value` with every credential replaced by MASK, as it sits at `path` in its document (default: the
 * document itself). Hidden: values under secret-looking keys (token, apiKey, Authorization, password...) at any depth;
 * every header value, in both forms (`headers: {name: value}` and `headers: [[name, value]]` or `[{key, value}]`),
 * names kept so reviewers see which are sent; and in every other string what maskText hides. `path` matters for a
 * piece of a document (a diff's old or new value): `["data", "headers"]` is a header list, `[..., "headers", "0",
 * "1"]` a header value. Empty values and booleans are kept.
 */
export function maskSecrets(value: unknown, path: readonly (string | number)[] = []): unknown {
  return maskValue(value, placeOf(path), path.length);
}
