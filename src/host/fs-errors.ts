// File-system errors as user-facing sentences, so every command says the same words about the same problem.

/** A file-system error as a sentence: which path, what went wrong, what to check. */
export function describeFsError(error: unknown, target: string): string {
  // An empty word (an unset shell variable, `""`) resolves to the working directory; say what it really is.
  if (target.trim() === "") return `${JSON.stringify(target)}: an empty path; name a file, directory or glob (is a shell variable unset?).`;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT") return `${target}: no such file or directory; check the path.`;
  if (code === "EACCES" || code === "EPERM") return `${target}: permission denied; check the file's permissions.`;
  if (code === "EISDIR") return `${target}: is a directory; name a file.`;
  if (code === "ENOTDIR") return `${target}: a part of this path is a file, not a directory; check the path.`;
  // mkdir of a path one of whose parts is a file (writing `-o notes.txt/out.json`, a directory output onto a file).
  if (code === "EEXIST") return `${target}: a part of this path already exists as a file where a directory is needed; check the path.`;
  if (code === "ENOSPC") return `${target}: no space left on the device.`;
  if (code === "EROFS") return `${target}: the file system is read-only.`;
  // The reader's message says which kind of file (FIFO, device, socket) and how to raise the size limit.
  // EOUTSIDE, ENOTALLOWED: a host that confines what it reads or writes (the MCP server's) says why in its message.
  if (code === "ENOTREGULAR" || code === "EFBIG" || code === "EOUTSIDE" || code === "ENOTALLOWED") return `${target}: ${(error as Error).message}`;
  // open() of a Unix socket fails with ENXIO: there is nothing to read from it as a file.
  if (code === "ENXIO") return `${target}: is a socket or a device with nothing behind it, not a regular file; name a file (or - for stdin).`;
  return `${target}: cannot be read or written (${code ?? (error instanceof Error ? error.message : String(error))}).`;
}

/** An Error with a Node-style `code`, for host implementations that refuse an input themselves. */
export function fsError(code: string, message: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(message);
  error.code = code;
  return error;
}
