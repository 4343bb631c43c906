// Runs the built `pathway` executable as a user would: a child process with arguments, stdin and environment.
import { spawn, spawnSync, type SpawnOptions } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Root of the repository. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The executable under test (needs `npm run build`, which `npm test` runs first). */
export const BIN = path.join(ROOT, "bin/pathway.cjs");

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `pathway args...`; colour is off unless the test asks for it. */
export function runCli(args: readonly string[], options: { input?: string | Buffer; cwd?: string; env?: Record<string, string> } = {}): CliResult {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    input: options.input,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NO_COLOR: "1", ...options.env },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** A fresh temporary directory for a test's files. */
export function tempDir(prefix = "pathwaykit-"): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** Runs `command args...` without blocking the test process (a fake server in it must answer), collecting its output. */
export function spawnCollect(command: string, args: readonly string[], options: SpawnOptions): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (c: Buffer) => (stdout += c.toString("utf8")));
    child.stderr!.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
