// An in-memory Host for engine tests: files in a map, a fixed clock, no network; proves operations need nothing else.
import path from "node:path";
import picomatch from "picomatch";
import type { Host } from "../../src/host/host.js";

/** A Host whose file system is `files` (paths relative to `cwd`); writes land back in the map. */
export function createMemoryHost(
  files: Record<string, string>,
  options: { cwd?: string; stdin?: string; env?: Record<string, string> } = {},
): Host & { files: Map<string, string> } {
  const cwd = options.cwd ?? "/project";
  const store = new Map(Object.entries(files).map(([name, text]) => [path.resolve(cwd, name), text]));
  const enoent = (file: string) => Object.assign(new Error(`ENOENT: ${file}`), { code: "ENOENT" });
  const isDir = (dir: string) => [...store.keys()].some((f) => f.startsWith(dir.endsWith("/") ? dir : `${dir}/`));
  return {
    cwd,
    env: options.env ?? {},
    files: store,
    async readFile(file) {
      const abs = path.resolve(cwd, file);
      if (isDir(abs)) throw Object.assign(new Error("EISDIR"), { code: "EISDIR" });
      const text = store.get(abs);
      if (text === undefined) throw enoent(file);
      return new TextEncoder().encode(text);
    },
    async stat(file) {
      const abs = path.resolve(cwd, file);
      if (store.has(abs)) return { kind: "file", size: store.get(abs)!.length };
      return isDir(abs) ? { kind: "directory", size: 0 } : undefined;
    },
    async writeFile(file, content) {
      store.set(path.resolve(cwd, file), typeof content === "string" ? content : new TextDecoder().decode(content));
    },
    async glob(patterns, globOptions = {}) {
      const match = picomatch([...patterns]);
      const ignore = picomatch([...(globOptions.ignore ?? [])]);
      return [...store.keys()]
        .map((f) => path.relative(cwd, f))
        .filter((f) => !f.startsWith("..") && match(f) && !ignore(f))
        .sort();
    },
    isGlob: (pattern) => /[*?[\]{}]/.test(pattern),
    readStdin: async () => new TextEncoder().encode(options.stdin ?? ""),
    now: () => new Date("2026-01-01T00:00:00Z"),
    fetch: async () => {
      throw new Error("no network in the memory host");
    },
    importModule: async (file) => {
      throw new Error(`the memory host cannot import ${file}`);
    },
  };
}
