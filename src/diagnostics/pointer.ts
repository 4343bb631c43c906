// RFC 6901 JSON pointers: building them from path segments and reading them back.

/** Escapes one reference token (`~` -> `~0`, `/` -> `~1`). */
export function escapeToken(token: string | number): string {
  // Nearly every token is a plain key or an index: skip the two replacements for them (findings build thousands).
  if (typeof token === "number") return String(token);
  return token.includes("~") || token.includes("/") ? token.replace(/~/g, "~0").replace(/\//g, "~1") : token;
}

/** Builds a pointer from path segments: `toPointer(["nodes", 3, "id"])` is `/nodes/3/id`. */
export function toPointer(segments: readonly (string | number)[]): string {
  let pointer = "";
  for (const s of segments) pointer += `/${escapeToken(s)}`;
  return pointer;
}

/** Splits a pointer into its unescaped segments; "" is the whole document. */
export function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new Error(`Invalid JSON pointer ${JSON.stringify(pointer)}: it must be empty or start with "/".`);
  const tokens = pointer.slice(1).split("/");
  // Most pointers hold no escape: unescaping each token would cost more than the split (the locator parses thousands).
  return pointer.includes("~") ? tokens.map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~")) : tokens;
}
