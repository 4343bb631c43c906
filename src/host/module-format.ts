// Whether Node runs a module file as CommonJS: by its extension, else by the "type" of the nearest package.json, as Node decides.
import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * True when Node (and tsx) run `file` as CommonJS: `.cts`/`.cjs`, or a `.ts`/`.js`-like file whose nearest
 * package.json does not say `"type": "module"` (what `npm init -y` writes is `"commonjs"`, or no type at all).
 */
export function isCommonJsFile(file: string): boolean {
  if (/\.c[jt]sx?$/i.test(file)) return true;
  if (/\.m[jt]sx?$/i.test(file)) return false;
  for (let dir = path.dirname(path.resolve(file)); ; dir = path.dirname(dir)) {
    let text: string | undefined;
    try {
      text = readFileSync(path.join(dir, "package.json"), "utf8");
    } catch {
      // No package.json here: look further up.
    }
    if (text !== undefined) {
      try {
        return (JSON.parse(text) as { type?: unknown }).type !== "module";
      } catch {
        // Node fails on a package.json it cannot parse; tsx reads none then: CommonJS.
        return true;
      }
    }
    if (path.dirname(dir) === dir) return true;
  }
}
