// What a batch of saved files makes watch mode re-run: the pathways a change touches (lint) and the scenarios that read it (test).
import path from "node:path";
import { CONFIG_FILE_NAME } from "../project/config.js";
import { INPUT_KINDS } from "../project/inputs.js";
import type { FileChange } from "./watch-files.js";

/** Which inputs a run covers: every one, or those a predicate accepts. */
export type WatchSelection<F> = { all: true } | { all: false; only: F };

/** The files lint reads besides pathways, whose change re-lints every input: a `--config` and a `--baseline`. */
export interface LintWatchFiles {
  /** Absolute path of `--config`, if given. */
  config?: string;
  /** Absolute path of `--baseline`, if given. */
  baseline?: string;
}

const isUnder = (file: string, dir: string) => file.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);

/**
 * The pathways to re-lint after `changes`: each changed file itself, the files a changed (or new) pathway.config.json
 * covers as their nearest config, and every file under a removed one's folder (their nearest config is now another).
 * A change to `--config` or `--baseline` re-lints every input.
 */
export function planLintRun(changes: readonly FileChange[], files: LintWatchFiles = {}): WatchSelection<(file: string, config: string | undefined) => boolean> {
  if (changes.some((c) => c.file === files.config || c.file === files.baseline)) return { all: true };
  const changed = new Set(changes.filter((c) => c.kind !== "unlink").map((c) => c.file));
  const configs = new Set(changes.filter((c) => path.basename(c.file) === CONFIG_FILE_NAME).map((c) => c.file));
  const removedConfigDirs = changes.filter((c) => c.kind === "unlink" && configs.has(c.file)).map((c) => path.dirname(c.file));
  return {
    all: false,
    only: (file, config) => changed.has(file) || (config !== undefined && configs.has(config)) || removedConfigDirs.some((dir) => isUnder(file, dir)),
  };
}

/** True when `file` is named as a scenario file (*.scenario.yaml, .yml, .json). */
export function isScenarioFile(file: string): boolean {
  return INPUT_KINDS.scenario.extensions.some((e) => file.endsWith(e));
}

/**
 * What each scenario read in its last run (its pathway, its mocks), so a change re-runs the scenarios that read the
 * changed file, and a changed scenario itself.
 */
export class ScenarioDependencies {
  readonly #reads = new Map<string, Set<string>>();

  /** Records that `scenario` read `file` (both absolute). */
  record(scenario: string, file: string): void {
    const reads = this.#reads.get(scenario) ?? this.#reads.set(scenario, new Set()).get(scenario)!;
    reads.add(file);
  }

  /** Forgets what the scenarios a run is about to re-run read (the run records it again). */
  forget(accepts: (scenario: string) => boolean): void {
    for (const scenario of [...this.#reads.keys()]) if (accepts(scenario)) this.#reads.delete(scenario);
  }

  /** The scenarios to re-run after `changes`: changed scenario files and those that read a changed file. */
  plan(changes: readonly FileChange[]): WatchSelection<(scenario: string) => boolean> {
    const changed = new Set(changes.map((c) => c.file));
    const readers = new Set<string>();
    for (const [scenario, reads] of this.#reads) if ([...reads].some((f) => changed.has(f))) readers.add(scenario);
    return { all: false, only: (scenario) => readers.has(scenario) || (changed.has(scenario) && isScenarioFile(scenario)) };
  }
}
