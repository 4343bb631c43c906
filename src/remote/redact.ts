// Hides an API key in any text: the whole key, its escaped forms, and long fragments of it (a key cut by truncation).

/** Environment variable holding the API key (here, beside the redactor, so hiding it loads no client or model code). */
export const API_KEY_ENV = "PATHWAYKIT_API_KEY";

/** Environment variable holding a telephony-provider account's `encrypted_key` (the inbound-number reads send it; never printed). */
export const ENCRYPTED_KEY_ENV = "PATHWAYKIT_ENCRYPTED_KEY";

/** What replaces a key or a fragment of it. */
export const REDACTED = "[redacted]";

/** Shortest secret worth hiding: a shorter one would mangle ordinary text and protects nothing. */
const MIN_SECRET = 4;

/** Shortest fragment treated as a leak: half the key, at least 8 characters (a shorter one could occur by chance). */
function fragmentLength(secret: string): number {
  return Math.min(secret.length, Math.max(8, Math.ceil(secret.length / 2)));
}

/** The forms a key takes in printed output: raw, inside a JSON string, inside a URL. */
function secretForms(secret: string): string[] {
  const forms = new Set([secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]);
  return [...forms];
}

/**
 * A function that replaces every occurrence of `secret` (raw, JSON-escaped or URL-encoded) in a text with
 * `[redacted]`, and also every run of text made of key fragments at least half the key long, so a key cut short by a
 * truncated message or split by a prefix/suffix is hidden too. An empty or very short secret gives the identity.
 */
export function createRedactor(secret: string | undefined): (text: string) => string {
  if (!secret || secret.length < MIN_SECRET) return (text) => text;
  const forms = secretForms(secret);
  const size = fragmentLength(secret);
  // Any run of `size` key characters contains one whole block of the key cut at multiples of `block` (as
  // 2 * block - 1 <= size), so a few indexOf scans for the blocks find every fragment; each hit is then grown to the
  // longest stretch of text that matches the key at that alignment.
  const block = Math.max(1, Math.floor((size + 1) / 2));
  const blocks: string[] = [];
  for (let j = 0; (j + 1) * block <= secret.length; j++) blocks.push(secret.slice(j * block, (j + 1) * block));
  return (text) => {
    let result = text;
    for (const form of forms) if (result.includes(form)) result = result.split(form).join(REDACTED);
    const spans: [number, number][] = [];
    blocks.forEach((piece, j) => {
      for (let at = result.indexOf(piece); at !== -1; at = result.indexOf(piece, at + 1)) {
        const offset = at - j * block;
        let start = at;
        while (start > 0 && start - 1 - offset >= 0 && result[start - 1] === secret[start - 1 - offset]) start--;
        let end = at + block;
        while (end < result.length && end - offset < secret.length && result[end] === secret[end - offset]) end++;
        if (end - start >= size) spans.push([start, end]);
      }
    });
    if (spans.length === 0) return result;
    spans.sort((x, y) => x[0] - y[0]);
    let out = "";
    let last = 0;
    for (let i = 0; i < spans.length; ) {
      let [start, end] = spans[i]!;
      for (i++; i < spans.length && spans[i]![0] <= end; i++) end = Math.max(end, spans[i]![1]);
      out += result.slice(last, start) + REDACTED;
      last = end;
    }
    return out + result.slice(last);
  };
}
