// Test helper: runs the CLI's main() in this process (so a loopback fake service can answer it) with captured output.
import { Readable, Writable } from "node:stream";
import { main } from "../../src/cli/main.js";

export interface MainResult {
  code: number;
  stdout: string;
  stderr: string;
}

function collector(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join("") };
}

/** Runs `pathway ...args` with the given working directory, environment and stdin. */
export async function runMain(args: string[], options: { cwd: string; env?: Record<string, string>; stdin?: string }): Promise<MainResult> {
  const out = collector();
  const err = collector();
  const code = await main(args, {
    cwd: options.cwd,
    env: { NO_COLOR: "1", ...options.env },
    stdin: Readable.from([Buffer.from(options.stdin ?? "")]),
    stdout: out.stream,
    stderr: err.stream,
  });
  return { code, stdout: out.text(), stderr: err.text() };
}
