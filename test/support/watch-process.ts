// A `pathway ... --watch` child process whose output tests wait on, then stop with SIGINT as Ctrl-C does.
import { spawn, type ChildProcess } from "node:child_process";
import { BIN } from "./cli.js";

/** A running watch: its output so far, a wait for output, and a stop that returns the exit code. */
export interface WatchProcess {
  /** The child's process id (to read its memory). */
  readonly pid: number | undefined;
  readonly stdout: () => string;
  readonly stderr: () => string;
  /** Resolves once `test` holds for (stdout, stderr); rejects after `timeoutMs` with both streams in the message. */
  waitFor(test: (stdout: string, stderr: string) => boolean, timeoutMs?: number): Promise<void>;
  /** Sends SIGINT and resolves with the exit code (or the signal's name when it was killed). */
  stop(): Promise<number | string>;
}

/** Starts `pathway args...` in `cwd` as a user's terminal would, but with pipes (not a TTY), colour off and `env` added. */
export function startWatch(args: readonly string[], cwd: string, env: Record<string, string> = {}): WatchProcess {
  const child: ChildProcess = spawn(process.execPath, [BIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  const waiters = new Set<() => void>();
  const wake = () => waiters.forEach((w) => w());
  child.stdout!.on("data", (chunk: Buffer) => ((out += chunk.toString("utf8")), wake()));
  child.stderr!.on("data", (chunk: Buffer) => ((err += chunk.toString("utf8")), wake()));
  const exited = new Promise<number | string>((resolve) => child.on("exit", (code, signal) => (wake(), resolve(code ?? signal ?? -1))));
  return {
    pid: child.pid,
    stdout: () => out,
    stderr: () => err,
    waitFor(test, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (test(out, err)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          } else if (child.exitCode !== null) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(new Error(`the watch ended (exit ${child.exitCode}) before the output came:\nstdout:\n${out}\nstderr:\n${err}`));
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no such output within ${timeoutMs} ms:\nstdout:\n${out}\nstderr:\n${err}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async stop() {
      if (child.exitCode === null) child.kill("SIGINT");
      return exited;
    },
  };
}
