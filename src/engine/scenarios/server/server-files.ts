// Reads the persona scenario files a server command names: each with its pathway file, that file's remote pathway (from the manifest) and the service's scenario made from it.
import path from "node:path";
import { isBlandCliFileName } from "../../../interop/bland-cli/file.js";
import { toServerScenario, type NodeRef, type ScenarioNote, type ServerScenarioDraft } from "../../../interop/agent-testing/to-server.js";
import type { Pathway } from "../../../model/schema.js";
import { decodeUtf8 } from "../../../parse/index.js";
import * as sim from "../../../simulate/index.js";
import { findProjectRoot, resolveInsideRoot } from "../../../host/confine-path.js";
import { describeFsError } from "../../../host/fs-errors.js";
import type { Host } from "../../../host/host.js";
import { toRealPath } from "../../../host/real-path.js";
import { displayPath, expandInputs } from "../../project/inputs.js";
import { describeLoadFailure, loadPathwayFile } from "../../project/load-pathway.js";
import { isBlandTestsText } from "../bland-tests-file.js";
import { findEntryByFile, toManifestPath, type LoadedManifest, type ManifestEntry } from "../../project/manifest.js";

/** A place in the scenario file, with its line when known. */
export interface PlacedNote extends ScenarioNote {
  line?: number;
  column?: number;
}

/** One persona scenario file, ready for the service or saying why not. */
export interface ServerScenarioFile {
  /** The scenario file as shown (relative to the working directory). */
  file: string;
  /** The scenario file as the manifest records it (relative to the manifest's folder). */
  manifestFile: string;
  /** The scenario's name on the service: its `name:`, else the file name without `.scenario.yaml`. */
  name: string;
  /** The pathway file as shown, once known. */
  pathway?: string;
  /** The pathway file as the manifest names it. */
  pathwayManifestFile?: string;
  scenario?: sim.Scenario;
  locate?: sim.ScenarioLocator;
  loaded?: Pathway;
  /** The remote pathway and its manifest entry. */
  id?: string;
  entry?: ManifestEntry;
  /** The service's scenario made from the file, when the file could be read. */
  draft?: ServerScenarioDraft;
  /** What stops it (the file, its pathway, a node the pathway lacks...); each with its place when it has one. */
  problems: PlacedNote[];
  /** What the file says that the service's scenario cannot carry. */
  notSent: PlacedNote[];
}

/** The files a server command names, sorted out. */
export interface ServerScenarioFiles {
  /** Persona scenario files, in the order found. */
  files: ServerScenarioFile[];
  /** Scripted scenario files (and bland-cli test cases): they run here (or --live), not on the service. */
  scripted: string[];
  /** Links that lead outside the project, not read. */
  skipped: string[];
}

/** The name a scenario has on the service. */
function serverName(scenario: sim.Scenario, file: string): string {
  return scenario.name?.trim() || path.basename(file).replace(/\.scenario\.(ya?ml|json)$/, "");
}

/** `notes` with the line and column of each pointer's key in the file. */
function place(notes: readonly ScenarioNote[], locate: sim.ScenarioLocator | undefined): PlacedNote[] {
  return notes.map((n) => ({ ...n, ...(locate && n.pointer !== "" ? locate(n.pointer.split("/").slice(1)) : {}) }));
}

/** Pathway files read once per command: the pathway and its simulator, or why it cannot be read. */
type PathwayCache = Map<string, Promise<{ pathway?: Pathway; simulator?: sim.Simulator; error?: string }>>;

/**
 * Gives `item` (a persona scenario read from `absolute`) its pathway file (inside the project), that file's remote
 * pathway from the manifest, and the service's scenario made from it; returns why not, when it cannot.
 */
async function attachPathway(
  host: Host,
  item: ServerScenarioFile,
  absolute: string,
  manifest: LoadedManifest,
  pathways: PathwayCache,
): Promise<string | undefined> {
  const { scenario, locate } = item as Required<Pick<ServerScenarioFile, "scenario" | "locate">>;
  const dir = path.dirname(await toRealPath(host, absolute));
  const root = await findProjectRoot(host, absolute);
  const confined = await resolveInsideRoot(host, root, scenario.pathway, { base: dir, rootName: "the project folder" });
  if (!confined.ok) return `pathway: ${JSON.stringify(scenario.pathway)} ${confined.reason}.`;
  item.pathway = displayPath(host.cwd, confined.path);
  item.pathwayManifestFile = toManifestPath(manifest, host.cwd, confined.path);
  let read = pathways.get(confined.path);
  if (!read)
    pathways.set(
      confined.path,
      (read = loadPathwayFile(host, item.pathway).then((l) =>
        l.pathway ? { pathway: l.pathway, simulator: sim.createSimulator(l.pathway) } : { error: describeLoadFailure(l) },
      )),
    );
  const { pathway, simulator, error } = await read;
  if (!pathway || !simulator) return `${error} (named by pathway: in the scenario)`;
  item.loaded = pathway;
  const entry = findEntryByFile(manifest, host.cwd, confined.path);
  if (!entry)
    return `${item.pathway} is not in pathwaykit.manifest.json, so its remote pathway is unknown; run \`pathway fetch <id> -o ${item.pathway}\` (or push it) first.`;
  Object.assign(item, { id: entry.id, entry });
  const resolve = (ref: string): NodeRef | undefined => {
    const node = sim.findNode(simulator, ref);
    return node && { id: node.id, ...(sim.getSimNodeName(node) !== undefined && { name: sim.getSimNodeName(node) }) };
  };
  item.draft = toServerScenario(scenario, item.name, resolve);
  // A bland-cli project's nodes are read with their names as ids; bland-cli gives them new ids on every push.
  const named = item.draft.body.start_node_id !== null || item.draft.assertions.some((a) => a.type === "NODE_REACHED");
  if (named && isBlandCliFileName(path.basename(confined.path)))
    return `${item.pathway} is a bland-cli project, whose node ids on the service are not in the file (bland-cli makes new ones on each push); start: and expect.node cannot be sent as ids`;
  item.problems.push(...place(item.draft.problems, locate));
  item.notSent.push(...place(item.draft.notSent, locate));
  return undefined;
}

/**
 * Reads the scenario files `args` names (files, folders, globs; none: the working directory): each persona scenario
 * with its pathway file (inside the project), that file's manifest entry and the service's scenario made from it. A
 * scenario that cannot be made says why in `problems`; two files of one pathway that give the same name are refused
 * (the service keeps one scenario per name in a pathway).
 */
export async function readServerScenarioFiles(host: Host, args: readonly string[], manifest: LoadedManifest): Promise<ServerScenarioFiles> {
  const files: ServerScenarioFile[] = [];
  const scripted: string[] = [];
  const skipped: string[] = [];
  const pathways: PathwayCache = new Map();
  for (const ref of await expandInputs(host, "scenario", args.length ? args : ["."])) {
    if (ref.skipped) {
      skipped.push(`${ref.path}: ${ref.problem!.message}`);
      continue;
    }
    const absolute = ref.file ?? path.resolve(host.cwd, ref.path);
    const shown = displayPath(host.cwd, absolute);
    const item: ServerScenarioFile = {
      file: shown,
      manifestFile: toManifestPath(manifest, host.cwd, absolute),
      name: path.basename(absolute),
      problems: [],
      notSent: [],
    };
    const stop = (message: string, extra: Partial<PlacedNote> = {}) => {
      item.problems.push({ pointer: "", message, ...extra });
      files.push(item);
    };
    if (ref.problem) {
      stop(ref.problem.message);
      continue;
    }
    let text: string | undefined;
    try {
      text = decodeUtf8(await host.readFile(absolute)).text;
    } catch (error) {
      stop(describeFsError(error, shown));
      continue;
    }
    if (text === undefined) {
      stop(`${shown} is not UTF-8 text.`);
      continue;
    }
    const loaded = sim.loadScenario(text);
    if (!loaded.ok) {
      // A bland-cli test-cases file is no scenario file: its node ids are names, not the service's.
      if (isBlandTestsText(text))
        scripted.push(`${shown}: bland-cli test cases (their nodes are named, not the service's ids); push the scenarios from *.scenario.yaml files`);
      else
        for (const issue of loaded.issues)
          item.problems.push({ pointer: issue.pointer, message: issue.message, ...(issue.line !== undefined && { line: issue.line, column: issue.column }) });
      if (item.problems.length) files.push(item);
      continue;
    }
    const { scenario, locate } = loaded;
    if (scenario.persona === undefined) {
      scripted.push(`${shown}: scripted turns run here or with --live; only persona scenarios run on the service`);
      continue;
    }
    Object.assign(item, { name: serverName(scenario, absolute), scenario, locate });
    const problem = await attachPathway(host, item, absolute, manifest, pathways);
    if (problem !== undefined) {
      stop(problem, { pointer: "/pathway", ...locate(["pathway"]) });
      continue;
    }
    const twin = files.find((f) => f.id === item.id && f.name === item.name && f.problems.length === 0);
    if (twin)
      item.problems.push({
        pointer: "/name",
        message: `${twin.file} gives the same name, ${JSON.stringify(item.name)}; the service keeps one scenario per name in a pathway: rename one`,
        ...locate(["name"]),
      });
    files.push(item);
  }
  return { files, scripted, skipped };
}
