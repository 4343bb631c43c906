// One Chromium for the whole test run, started by the first test file that needs it and stopped when the run ends.
import { spawn } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_ARGS, getBrowserLocation } from "../../src/render/index.js";

/** Where the run's browser is described: its DevTools endpoint and process id (under the run's TMPDIR). */
function sharedDir(): string {
  return path.join(process.env["TMPDIR"] ?? "/tmp", "pathwaykit-shared-browser");
}

const read = (file: string) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
};

/** Waits until `check` answers, checking every 50 ms, for at most `ms`. */
async function waitFor<T>(check: () => T | undefined, ms: number, what: string): Promise<T> {
  for (const until = Date.now() + ms; ; ) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`the shared browser did not start: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The DevTools endpoint of the run's browser, starting it if no test file has: the first caller takes a lock file and
 * starts Chromium detached (so it outlives that file's worker process), the others wait for its endpoint. Each file
 * connects to it instead of launching its own: one start instead of one per file.
 */
export async function getSharedBrowserEndpoint(): Promise<string> {
  const dir = sharedDir();
  mkdirSync(dir, { recursive: true });
  const endpointFile = path.join(dir, "endpoint");
  const known = read(endpointFile);
  if (known) return known;
  let lock: number | undefined;
  try {
    lock = openSync(path.join(dir, "lock"), "wx");
  } catch {
    return waitFor(() => read(endpointFile) || undefined, 60_000, "another test file is starting it");
  }
  closeSync(lock);
  const profile = path.join(dir, "profile");
  const child = spawn(
    getBrowserLocation(process.env).path,
    [...CHROMIUM_ARGS, "--headless", "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    { detached: true, stdio: "ignore" },
  );
  child.unref();
  writeFileSync(path.join(dir, "pid"), String(child.pid));
  // Chromium writes the port it chose, and the browser's path, into DevToolsActivePort once it listens.
  const active = await waitFor(() => read(path.join(profile, "DevToolsActivePort"))?.split("\n"), 60_000, "no DevToolsActivePort");
  const endpoint = `ws://127.0.0.1:${active[0]}${active[1]}`;
  writeFileSync(endpointFile, endpoint);
  return endpoint;
}

/** Vitest global setup: nothing to start (the first file that needs the browser starts it); the teardown stops it. */
export default function sharedBrowser(): () => void {
  const dir = sharedDir();
  return () => {
    const pid = Number(read(path.join(dir, "pid")));
    if (!Number.isInteger(pid) || pid <= 0) return;
    try {
      // The whole group: Chromium's renderer and GPU processes go with it.
      process.kill(-pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
}
