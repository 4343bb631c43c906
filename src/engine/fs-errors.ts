// File-system errors as user-facing sentences, so every command says the same words about the same problem.

/** A file-system error as a sentence: which path, what went wrong, what to check. */
export function describeFsError(error: unknown, target: string): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "ENOENT") return `${target}: no such file or directory; check the path.`;
  if (code === "EACCES" || code === "EPERM") return `${target}: permission denied; check the file's permissions.`;
  if (code === "EISDIR") return `${target}: is a directory; name a file.`;
  if (code === "ENOTDIR") return `${target}: a part of this path is a file, not a directory; check the path.`;
  if (code === "EROFS") return `${target}: the file system is read-only.`;
  if (code === "ENOTREGULAR") return `${target}: not a regular file (a device, pipe or socket); name a file, or use - for stdin.`;
  if (code === "EFBIG") return `${target}: ${(error as Error).message}`;
  return `${target}: cannot be read (${code ?? (error instanceof Error ? error.message : String(error))}).`;
}

/** An Error with a Node-style `code`, for host implementations that refuse an input themselves. */
export function fsError(code: string, message: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(message);
  error.code = code;
  return error;
}
