// Test helper: runs the CLI's main() in this process (no build, no child process) with captured output, cwd, env and stdin.
import { Readable, Writable } from "node:stream";
import { main } from "../../src/cli/main.js";
import { ROOT } from "./cli.js";

export interface MainResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Options of `runMain`; the same names as `runCli`'s where they mean the same. */
export interface MainOptions {
  /** Working directory. Default: the repository root (as runCli). */
  cwd?: string;
  /** Environment: NO_COLOR=1 and these, nothing inherited from the test process. */
  env?: Record<string, string>;
  /** What `-` and chat read; an empty stream when absent. */
  stdin?: string | Buffer;
  /** Output streams that claim to be a terminal of this width (isTTY true), for colour and layout detection. */
  tty?: { columns: number; only?: "stdout" | "stderr" };
}

function collector(tty: MainOptions["tty"]): { stream: Writable & { isTTY?: boolean; columns?: number }; text: () => string } {
  const chunks: string[] = [];
  const stream: Writable & { isTTY?: boolean; columns?: number } = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  if (tty) Object.assign(stream, { isTTY: true, columns: tty.columns });
  return { stream, text: () => chunks.join("") };
}

/** Runs `pathway ...args` in-process with the given working directory, environment and stdin. */
export async function runMain(args: string[], options: MainOptions = {}): Promise<MainResult> {
  const out = collector(options.tty?.only === "stderr" ? undefined : options.tty);
  const err = collector(options.tty?.only === "stdout" ? undefined : options.tty);
  const stdin = options.stdin ?? "";
  const code = await main(args, {
    cwd: options.cwd ?? ROOT,
    env: { NO_COLOR: "1", ...options.env },
    stdin: Readable.from([typeof stdin === "string" ? Buffer.from(stdin) : stdin]),
    stdout: out.stream,
    stderr: err.stream,
  });
  return { code, stdout: out.text(), stderr: err.text() };
}
