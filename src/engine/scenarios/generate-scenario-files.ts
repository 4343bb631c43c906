// `generateScenarioFiles`: writes scenario skeletons whose scripted `take:` steps together visit every reachable edge of a pathway.
import path from "node:path";
import type { GeneratedScenarios } from "../../simulate/index.js";
// The generator alone, not the simulate layer's index: scenario loading and the live client (zod, two YAML parsers) are not needed here.
import { generateScenarios as generate } from "../../simulate/generate/generate.js";
import { SCENARIO_HEADER, toMocksYaml, toScenarioYaml } from "../../simulate/scenario-yaml.js";
import { EngineError } from "../../host/errors.js";
import { describeFsError } from "../../host/fs-errors.js";
import type { Host } from "../../host/host.js";
import { displayPath } from "../project/inputs.js";
import { requirePathway } from "../project/load-pathway.js";
import { mapPool } from "../../host/map-pool.js";
import { toRealPath } from "../../host/real-path.js";
import { findScenarioSchemaRef } from "./scenario-schema-ref.js";

/** Writes (and existence checks) a host may have under way at once. */
const PARALLEL_WRITES = 8;

/** Options of `generateScenarioFiles`. */
export interface GenerateScenarioFilesOptions {
  /** Directory to write `<pathway>-<n>.scenario.yaml` files into (required). */
  output: string;
  /** Longest scenario, in turns. Default 12. */
  maxTurns?: number;
  /** Most scenarios written. Default 1000. */
  maxScenarios?: number;
  /** Overwrite scenario files that already exist. Default false (refuse, writing nothing). */
  force?: boolean;
}

/** What was written: the files (relative to cwd), the scenarios and what could not be covered. */
export interface GeneratedScenarioFiles extends GeneratedScenarios {
  files: string[];
  /** The output directory, relative to cwd. */
  dir: string;
  /** The shared mocks file the scenarios name, when they need webhook answers. */
  mocksFile?: string;
}

function toSlug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/\.json$/, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "pathway"
  );
}

/** What generating for one pathway file plans to write: the scenarios, the folder and each file with its text, made on demand. */
interface ScenarioPlan {
  generated: GeneratedScenarios;
  dir: string;
  files: string[];
  mocksFile: string;
  /** Each file to write (absolute) and a function making its text (the mocks file first, when there is one). */
  writes: [string, () => string][];
}

/** Generates the scenarios for one pathway file and plans their files in `options.output`; nothing is written. */
async function planScenarioFiles(host: Host, pathwayArg: string, options: GenerateScenarioFilesOptions): Promise<ScenarioPlan> {
  if (pathwayArg === "-") throw new EngineError("usage", "scenarios name their pathway by path, so it cannot come from stdin; name the pathway file.");
  const { pathway, file } = await requirePathway(host, pathwayArg, { requireStart: true });
  const dir = path.resolve(host.cwd, options.output);
  // Relative to where the files really are, as the runner reads them: through a symlinked folder, `../p.json` seen from
  // the link names another file from the folder the scenarios are written into.
  const pathwayRef = path
    .relative(await toRealPath(host, dir), await toRealPath(host, path.resolve(host.cwd, file!)))
    .split(path.sep)
    .join("/");
  const name = typeof pathway.name === "string" && pathway.name.trim() !== "" ? pathway.name.trim() : path.basename(file!, ".json");
  const slug = toSlug(path.basename(file!));
  const mocksFile = path.join(dir, `${slug}.mocks.yaml`);
  const generated = generate(pathway, {
    pathwayRef,
    name,
    // Webhook answers every scenario needs are written once, beside them, not into every file.
    mocksRef: path.basename(mocksFile),
    ...(options.maxTurns !== undefined && { maxTurns: Math.max(1, options.maxTurns) }),
    ...(options.maxScenarios !== undefined && { maxScenarios: options.maxScenarios }),
  });
  const files = generated.scenarios.map((_, i) => path.join(dir, `${slug}-${i + 1}.scenario.yaml`));
  // The first line names the schema where one can be found, as the example scenarios do: editors then complete keys.
  const schema = await findScenarioSchemaRef(host, dir);
  const header = schema === undefined ? SCENARIO_HEADER : `yaml-language-server: $schema=${schema}\n${SCENARIO_HEADER}`;
  const writes: [string, () => string][] = generated.scenarios.map((scenario, i) => [files[i]!, () => toScenarioYaml(scenario, header)]);
  const mocks = generated.mocks;
  if (mocks) writes.unshift([mocksFile, () => toMocksYaml(mocks)]);
  return { generated, dir, files, mocksFile, writes };
}

/** The files `generateScenarioFiles` would write, with their text: the scenarios (and shared mocks) of one pathway, nothing written. */
export interface PreviewedScenarioFiles extends GeneratedScenarios {
  /** Each file (relative to cwd) and its YAML. */
  files: { path: string; text: string }[];
  /** The output directory, relative to cwd. */
  dir: string;
}

/**
 * Generates the scenarios for one pathway file as `generateScenarioFiles` would write them into `options.output`
 * (their `pathway:` and `mocks:` name files from there), and returns each file's text instead of writing it. Files
 * already there are not looked at: nothing is in the way of a text.
 */
export async function previewScenarioFiles(host: Host, pathwayArg: string, options: GenerateScenarioFilesOptions): Promise<PreviewedScenarioFiles> {
  const plan = await planScenarioFiles(host, pathwayArg, options);
  return {
    ...plan.generated,
    files: plan.writes.map(([target, toText]) => ({ path: displayPath(host.cwd, target), text: toText() })),
    dir: displayPath(host.cwd, plan.dir),
  };
}

/** Generates and writes scenarios for one pathway file (not stdin: scenarios name their pathway by path). */
export async function generateScenarioFiles(host: Host, pathwayArg: string, options: GenerateScenarioFilesOptions): Promise<GeneratedScenarioFiles> {
  const { generated, dir, files, mocksFile, writes } = await planScenarioFiles(host, pathwayArg, options);
  const dirStat = await host.stat(dir);
  if (dirStat?.kind === "file")
    throw new EngineError("usage", `-o ${displayPath(host.cwd, dir)}: is a file; name a directory for the scenario files (it is created when missing).`);
  // Nothing can be in the way in a directory that does not exist yet (the usual first run): no file is looked at.
  if (!options.force && dirStat !== undefined) {
    const targets = generated.mocks ? [mocksFile, ...files] : files;
    const found = await mapPool(targets, PARALLEL_WRITES, async (f) => (await host.stat(f)) !== undefined);
    const clash = targets.filter((_, i) => found[i]).map((f) => displayPath(host.cwd, f));
    if (clash.length > 0)
      throw new EngineError(
        "usage",
        `${clash.length} file(s) already exist (${clash.slice(0, 3).join(", ")}${clash.length > 3 ? ", ..." : ""}); use --force to overwrite or choose another -o directory.`,
      );
  }
  // Each file's text is made just before it is written (not all held at once), and a host whose writes wait (not the
  // Node host, whose writes are synchronous calls) gets several at a time. The first failure stops the rest.
  let failure: EngineError | undefined;
  await mapPool(writes, PARALLEL_WRITES, async ([target, toText]) => {
    if (failure) return;
    try {
      await host.writeFile(target, toText());
    } catch (error) {
      failure ??= new EngineError("io", `cannot write ${describeFsError(error, displayPath(host.cwd, target))}`);
    }
  });
  if (failure) throw failure;
  return {
    ...generated,
    files: files.map((f) => displayPath(host.cwd, f)),
    ...(generated.mocks && { mocksFile: displayPath(host.cwd, mocksFile) }),
    dir: displayPath(host.cwd, dir),
  };
}
