// Sizes given on the command line or in the environment ("256MB", "64m", "1048576"), for the input and answer caps.
import { InvalidArgumentError } from "commander";
import { EXIT, ExitError } from "../exit.js";

const UNITS: Record<string, number> = {
  "": 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

/** Bytes in a size such as `256MB`, `64m`, `512k` or `1048576` (units are powers of 1024); undefined when it is not one. */
export function toByteSize(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = m ? UNITS[m[2]!.toLowerCase()] : undefined;
  if (!m || unit === undefined) return undefined;
  const bytes = Math.floor(Number(m[1]) * unit);
  return bytes >= 1 && Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** Commander argument parser for a size flag: a usage error (exit 2) naming the accepted forms. */
export function parseByteSize(value: string): number {
  const bytes = toByteSize(value);
  if (bytes === undefined) throw new InvalidArgumentError("Expected a size such as 256MB, 64m, 512k or a number of bytes.");
  return bytes;
}

/** The size from the flag, else from the environment variable `name`, else `fallback`; a bad variable is a usage error. */
export function resolveByteSize(flag: number | undefined, env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  if (flag !== undefined) return flag;
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const bytes = toByteSize(raw);
  if (bytes === undefined) throw new ExitError(EXIT.failure, `${name}=${JSON.stringify(raw)}: expected a size such as 256MB, 64m, 512k or a number of bytes.`);
  return bytes;
}
