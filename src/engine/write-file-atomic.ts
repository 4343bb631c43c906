// Writes a file so that readers see the old content or the new, never half of it: temp file in the same directory, then rename.
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomBytes } from "node:crypto";

/** Atomically replaces `file` with `content`, creating parent directories. On failure the old file is untouched. */
export async function writeFileAtomic(file: string, content: string | Uint8Array): Promise<void> {
  const dir = path.dirname(path.resolve(file));
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.pathwaykit-tmp-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    await writeFile(temp, content);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
