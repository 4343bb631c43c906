// The engine's host as the language server sees files: the editor's unsaved text for open documents, the disk for the rest, and no writes at all.
import path from "node:path";
import type { Host } from "../host/host.js";

/** The open documents' current text by absolute path, and whether the client allows running modules. */
export interface OpenDocuments {
  textOf(file: string): string | undefined;
  /** The size in bytes of an open document too large to hand over (its text is not sent): read as refused, never from disk. */
  sizeOf?(file: string): number | undefined;
  /** Whether a module may be imported now (asked on each import): false refuses it. Default: never. */
  runModules?: () => boolean;
}

/** `bytes` in MB, one decimal when under 10 ("13.5 MB", "4 MB"). */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return `${mb < 10 ? Math.round(mb * 10) / 10 : Math.round(mb)} MB`;
}

function refusal(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

/**
 * `base` with open documents read from the editor, every write refused (the server changes files only through a
 * WorkspaceEdit the user applies) and a module imported only while `open.runModules` allows it. An open document over `maxFileBytes` is refused as the disk read would refuse it
 * (EFBIG), so one limit holds for what the CLI reads and what the editor sends.
 */
export function createWorkspaceHost(base: Host, open: OpenDocuments, maxFileBytes: number | (() => number)): Host {
  // A function: the limit is a setting the client may change while the server runs.
  const limit = typeof maxFileBytes === "number" ? () => maxFileBytes : maxFileBytes;
  const encoder = new TextEncoder();
  const textOf = (file: string) => open.textOf(path.resolve(base.cwd, file));
  const sizeOf = (file: string) => open.sizeOf?.(path.resolve(base.cwd, file));
  const tooLarge = (size: number) =>
    refusal(
      "EFBIG",
      `is ${formatMegabytes(size)}, over the limit of ${formatMegabytes(limit())} the editor analyses; raise pathwaykit.maxDocumentSizeMB in the editor's settings (or --max-file-size) if the file really is a pathway.`,
    );
  return {
    ...base,
    async readFile(file) {
      const size = sizeOf(file);
      if (size !== undefined) throw tooLarge(size);
      const text = textOf(file);
      if (text === undefined) return base.readFile(file);
      // A UTF-16 length is at most the UTF-8 byte count times 1 and at least a third of it: cheap bounds before encoding.
      if (text.length > limit()) throw tooLarge(text.length);
      const bytes = encoder.encode(text);
      if (bytes.length > limit()) throw tooLarge(bytes.length);
      return bytes;
    },
    async stat(file) {
      const size = sizeOf(file);
      if (size !== undefined) return { kind: "file", size };
      const text = textOf(file);
      return text === undefined ? base.stat(file) : { kind: "file", size: text.length };
    },
    async writeFile(file) {
      throw refusal("EROFS", `${file}: the language server never writes files; apply the code action in the editor instead.`);
    },
    // No network from an editor keystroke: remote: inputs and live webhooks are for the CLI.
    fetch: async () => {
      throw refusal("ENETUNREACH", "the language server does not use the network");
    },
    readStdin: async () => new Uint8Array(),
    // Importing a module runs its code: refused here too, so no path of the engine can run one the client did not allow.
    async importModule(file) {
      if (!open.runModules?.())
        throw refusal(
          "EACCES",
          `${file}: the language server runs pathway modules only where the editor allows it (pathwaykit.runModules, or a trusted workspace in VS Code)`,
        );
      return base.importModule(file);
    },
  };
}
