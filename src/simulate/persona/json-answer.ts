// Reads the JSON object in a model's answer tolerantly: bare, fenced in ```json, or inside prose; never trusts its shape.

/** The `{...}` spans of `text` that balance, in order (strings and escapes respected), at most `limit` of them. */
function objectSpans(text: string, limit: number): string[] {
  const spans: string[] = [];
  for (let start = text.indexOf("{"); start >= 0 && spans.length < limit; start = text.indexOf("{", start + 1)) {
    let depth = 0;
    let inString = false;
    for (let i = start; i < text.length; i++) {
      const ch = text[i];
      if (inString) {
        if (ch === "\\") i++;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === "{") depth++;
      else if (ch === "}" && --depth === 0) {
        spans.push(text.slice(start, i + 1));
        break;
      }
    }
  }
  return spans;
}

/**
 * The first JSON object in a model's answer: the whole text, a fenced block, or the first balanced `{...}` that
 * parses. Undefined when there is none; the caller checks every field it reads.
 */
export function readJsonObject(text: string): Record<string, unknown> | undefined {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1];
  for (const candidate of [text.trim(), ...(fenced !== undefined ? [fenced.trim()] : []), ...objectSpans(text, 20)]) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // The next candidate.
    }
  }
  return undefined;
}
