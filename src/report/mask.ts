// Hides secrets before anything reaches the report: values under secret-looking keys and every header value.

/** Shown instead of a hidden value. */
export const MASK = "••••••";

/** Keys whose values are credentials in the pathways we have seen (webhook auth, API keys, tokens, passwords). */
const SECRET_KEY = /secret|token|passw(or)?d|api[-_]?key|authori[sz]ation|^auth$|bearer|credential|private[-_]?key|signature|cookie/i;

/** True when `key` names a credential. */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** True when a value at `path` (object keys and array indexes) is hidden: a secret key on the way, or inside `headers`. */
export function isMaskedPath(path: readonly (string | number)[]): boolean {
  return path.some((p, i) => typeof p === "string" && (isSecretKey(p) || (p === "headers" && i < path.length - 1)));
}

function maskHeaders(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map((h) => {
      // [name, value] pairs and {key, value} objects: keep the name, hide the value.
      if (Array.isArray(h)) return h.map((part, i) => (i === 0 ? part : MASK));
      if (h !== null && typeof h === "object") return Object.fromEntries(Object.entries(h).map(([k, v]) => [k, k === "key" || k === "name" ? v : MASK]));
      return MASK;
    });
  }
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.keys(value).map((k) => [k, MASK]));
  return value === undefined || value === "" ? value : MASK;
}

/**
 * A copy of `value` with every credential replaced by MASK: values under secret-looking keys (token, apiKey,
 * Authorization, password...) at any depth, and every header value (names stay, so reviewers see which are sent).
 */
export function maskSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecrets);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "headers") out[key] = maskHeaders(v);
    else if (isSecretKey(key) && v !== "" && v !== null && v !== undefined && typeof v !== "boolean") out[key] = MASK;
    else out[key] = maskSecrets(v);
  }
  return out;
}
