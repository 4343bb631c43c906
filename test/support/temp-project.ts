// Temporary projects for tests: a fresh folder with the given files, and the same folder beside a running fake service.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { tempDir } from "./cli.js";
import { startFakeService, type FakeService, type FakeServiceOptions } from "./fake-service.js";
import { runMain, type MainResult } from "./run-main.js";

/** A fresh temporary folder holding `files` (path relative to the folder -> text or bytes; parent folders are made). */
export function createTempProject(files: Record<string, string | Uint8Array> = {}, prefix = "pathwaykit-"): string {
  const dir = tempDir(prefix);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** A project folder and a fake service, both fresh for every test (see `useServiceProject`). */
export interface ServiceProject {
  readonly service: FakeService;
  readonly dir: string;
  /** Runs `pathway args...` in the folder with the service's URL and key in the environment (`env` adds to them). */
  run(args: string[], env?: Record<string, string>): Promise<MainResult>;
}

/**
 * Starts a fake service with `options` and a temporary project with `files` before every test of the file, and stops
 * the service after it: the set-up eight test files wrote out by hand. `options` as a function is called before each
 * test, for services built from the corpus (absent on a plain clone) or from values each test starts afresh.
 */
export function useServiceProject(
  options: FakeServiceOptions | (() => FakeServiceOptions),
  files: Record<string, string | Uint8Array> = {},
  prefix = "pathwaykit-",
): ServiceProject {
  let service: FakeService | undefined;
  let dir: string | undefined;
  beforeEach(async () => {
    service = await startFakeService(typeof options === "function" ? options() : options);
    dir = createTempProject(files, prefix);
  });
  afterEach(() => service?.close());
  const project: ServiceProject = {
    get service() {
      if (!service) throw new Error("useServiceProject: the service starts in beforeEach; use it inside a test.");
      return service;
    },
    get dir() {
      if (!dir) throw new Error("useServiceProject: the folder is made in beforeEach; use it inside a test.");
      return dir;
    },
    run: (args, env = {}) =>
      runMain(args, { cwd: project.dir, env: { PATHWAYKIT_BASE_URL: project.service.url, PATHWAYKIT_API_KEY: project.service.apiKey, ...env } }),
  };
  return project;
}
