// The process boundary handed to commands: streams, environment, working directory and the engine's host, so commands stay testable.
import type { Host } from "../engine/host.js";

/** What a command may touch of the process. */
export interface CliIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  env: NodeJS.ProcessEnv;
  cwd: string;
  version: string;
  /** Files, stdin, environment, clock and network for engine operations (built from the fields above by `main`). */
  host: Host;
  /** Records the command's exit code (commands never call process.exit). */
  setExitCode(code: number): void;
}

/** `--color` / `--no-color` win; otherwise NO_COLOR turns colour off, FORCE_COLOR on, and a terminal decides. */
export function useColor(flag: boolean | undefined, io: CliIo): boolean {
  if (flag !== undefined) return flag;
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== "") return false;
  if (io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== "0") return true;
  return io.stdout.isTTY === true;
}
