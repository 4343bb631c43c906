// The one file name for a service id (a pathway's, a call's): reversible, so two ids never share a file.

/** Longest name `toIdFileName` is trusted to give a file: 255 bytes is the usual limit, less our temp files' `.<name>.pathwaykit-tmp-<pid>-<n>` and a `call-`/`.scenario.yaml` frame. */
export const MAX_ID_FILE_NAME = 200;

/**
 * A file name for an id that no other id shares: letters, digits, `_`, `-` and `.` (not first) stay as they are,
 * so the usual ids keep the names earlier versions gave them; every other character, `%` included, is written as `%XX`
 * (its UTF-8 bytes; half a surrogate pair as `%uXXXX`). Unsafe characters used to become `_`, so `a/b`, `a b` and
 * `a_b` shared `a_b.json` and one record replaced another. The name is ASCII and one path segment (never `.`, `..`,
 * hidden or holding a separator), and `fromIdFileName` gives the id back. It is not cut short: a long id gives a long
 * name, which callers check against `MAX_ID_FILE_NAME` rather than cut (a cut name is shared by every id it starts).
 */
export function toIdFileName(id: string, extension = ".json"): string {
  let name = "";
  for (const char of id) {
    if (/^[A-Za-z0-9_-]$/.test(char) || (char === "." && name !== "")) name += char;
    else if (/^[\uD800-\uDFFF]$/.test(char)) name += `%u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
    else for (const byte of new TextEncoder().encode(char)) name += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  // An empty id gives a lone "%", a name no other id is given.
  return `${name || "%"}${extension}`;
}

/**
 * The id `toIdFileName(id, extension)` was made from, or undefined when `name` is not such a name (another file in
 * the folder, or one written under the old lossy names).
 */
export function fromIdFileName(name: string, extension = ".json"): string | undefined {
  if (!name.endsWith(extension)) return undefined;
  const stem = name.slice(0, name.length - extension.length);
  if (stem === "%") return "";
  let id = "";
  const bytes: number[] = [];
  const flush = (): boolean => {
    if (bytes.length === 0) return true;
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
    try {
      id += text.decode(new Uint8Array(bytes.splice(0)));
      return true;
    } catch {
      return false;
    }
  };
  for (let i = 0; i < stem.length; ) {
    const unit = /^%u([0-9A-F]{4})/.exec(stem.slice(i, i + 6));
    const byte = /^%([0-9A-F]{2})/.exec(stem.slice(i, i + 3));
    if (unit) {
      if (!flush()) return undefined;
      id += String.fromCharCode(parseInt(unit[1]!, 16));
      i += 6;
    } else if (byte) {
      bytes.push(parseInt(byte[1]!, 16));
      i += 3;
    } else if (/^[A-Za-z0-9_.-]$/.test(stem[i]!)) {
      if (!flush()) return undefined;
      id += stem[i];
      i += 1;
    } else return undefined;
  }
  if (!flush()) return undefined;
  // Only the one spelling toIdFileName gives counts (not `%41` for `A`, nor a leading `.`).
  return toIdFileName(id, extension) === name ? id : undefined;
}
