// `pushServerScenarios`: creates or updates one scenario on the service's Agent Testing per persona scenario file, matched by name within its pathway and recorded in the manifest.
import { getScenarioChanges } from "../../../interop/agent-testing/changes.js";
import type { PathwayClient, ServerScenario } from "../../../remote/index.js";
import { EngineError } from "../../../host/errors.js";
import type { Host } from "../../../host/host.js";
import { loadManifest, saveManifest, setEntry, type LoadedManifest } from "../../project/manifest.js";
import { createClient, loadRemote, toEngineError, type RemoteOptions } from "../../project/remote-client.js";
import { readServerScenarioFiles, type PlacedNote, type ServerScenarioFile } from "./server-files.js";

/** Options of `pushServerScenarios`; all optional. */
export interface PushScenariosOptions {
  /** How to reach the service. */
  remote?: RemoteOptions;
  /** Mark every scenario pushed as a promotion gate (`is_required_for_promotion: true`). Default: leave the gate as the service has it (false on create). */
  required?: boolean;
  /** Read the service and say what would be sent; send nothing, record nothing. */
  dryRun?: boolean;
  /** Replace assertions on the service that the file did not make (web page ones) instead of refusing. */
  force?: boolean;
}

/** What happened to one scenario file. */
export interface PushedScenario {
  file: string;
  name: string;
  pathway?: string;
  pathwayId?: string;
  /** `not pushed`: the file has a problem, or the service refused it; `refused`: the update would remove web-page assertions (see --force). */
  action: "created" | "updated" | "unchanged" | "would create" | "would update" | "refused" | "not pushed";
  /** The service's scenario id. */
  id?: string;
  /** The fields an update sent (or would send). */
  fields?: string[];
  /** With dryRun: the request that would be sent. */
  request?: { method: "POST" | "PUT"; path: string; body: Record<string, unknown> };
  /** What the file says that no documented field carries: not sent. */
  notSent: PlacedNote[];
  problems: PlacedNote[];
  /** Why it was refused, or what the service said. */
  reason?: string;
}

/** What `pathway scenarios push --format json` prints. `ok` false: some scenario was not pushed or was refused. */
export interface PushScenariosReport {
  ok: boolean;
  dryRun: boolean;
  scenarios: PushedScenario[];
  /** Scripted scenario files named: they run here, not on the service. */
  scripted: string[];
  skipped: string[];
}

/** Kinds of RemoteError that concern one scenario (the service refused its body): the others stop the push. */
const PER_SCENARIO = new Set(["http", "rejected", "shape", "conflict"]);

/** Records `name` -> `id` (from `file`) in the entry of pathway file `pathwayFile`, replacing a record of the same name or file. */
export function recordScenario(host: Host, manifest: LoadedManifest, pathwayFile: string, record: { name: string; id: string; file: string }): void {
  const entry = manifest.manifest.pathways.find((e) => e.file === pathwayFile);
  if (!entry) return;
  const others = (entry.scenarios ?? []).filter((r) => r.name !== record.name && r.file !== record.file && r.id !== record.id);
  setEntry(manifest, {
    ...entry,
    scenarios: [...others, { ...record, pushedAt: host.now().toISOString() }].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
  });
}

/** The service's copy of the file's scenario: by the manifest's record (by name, else by file: a rename), else by name in the pathway's list. */
async function findCurrent(client: PathwayClient, item: ServerScenarioFile, list: () => Promise<ServerScenario[]>): Promise<ServerScenario | undefined> {
  const records = item.entry?.scenarios ?? [];
  const record = records.find((r) => r.name === item.name) ?? records.find((r) => r.file === item.manifestFile);
  if (record) {
    try {
      return await client.getScenario(record.id);
    } catch (error) {
      // Deleted in the web page: made again below (or adopted by name).
      if ((error as { kind?: unknown }).kind !== "not-found") throw error;
    }
  }
  return (await list()).find((s) => s.name === item.name && (s.pathway_id === undefined || s.pathway_id === item.id));
}

/**
 * Pushes the persona scenario files `args` names to the service's Agent Testing: one scenario per file (see
 * toServerScenario), created (POST) the first time and updated in place (PUT, only the fields that differ) after,
 * matched by name within the pathway and recorded in the pathway file's manifest entry. An update that would remove
 * assertions the file did not make is refused unless `force`. Throws EngineError for what stops it all (no key, the
 * network, no persona scenario named).
 */
export async function pushServerScenarios(host: Host, args: readonly string[], options: PushScenariosOptions = {}): Promise<PushScenariosReport> {
  const manifest = await loadManifest(host);
  const read = await readServerScenarioFiles(host, args, manifest);
  if (read.files.length === 0)
    throw new EngineError(
      "usage",
      `${args.length ? args.join(" ") : "The working directory"} names no persona scenario files (persona: ...)${read.scripted.length ? `; ${read.scripted.length} scripted ones run here, not on the service` : ""}.`,
    );
  const client = await createClient(host, options.remote ?? {}, manifest);
  if (!client.config.apiKey)
    throw new EngineError("config", "Pushing scenarios talks to the service's Agent Testing: set PATHWAYKIT_API_KEY to the key from the service's dashboard.");
  const { RemoteError } = await loadRemote();
  const lists = new Map<string, Promise<ServerScenario[]>>();
  const scenarios: PushedScenario[] = [];
  let changed = false;
  try {
    for (const item of read.files) {
      const done: PushedScenario = {
        file: item.file,
        name: item.name,
        ...(item.pathway !== undefined && { pathway: item.pathway }),
        ...(item.id !== undefined && { pathwayId: item.id }),
        action: "not pushed",
        notSent: item.notSent,
        problems: item.problems,
      };
      scenarios.push(done);
      if (item.problems.length > 0 || !item.draft || !item.id) continue;
      const id = item.id;
      const list = () => {
        let answer = lists.get(id);
        if (!answer) lists.set(id, (answer = client.listScenarios({ pathwayId: id })));
        return answer;
      };
      const desired = { ...item.draft.body, ...(options.required && { is_required_for_promotion: true }) };
      try {
        const current = await findCurrent(client, item, list);
        if (!current) {
          const body = { ...desired, pathway_id: id };
          if (options.dryRun) Object.assign(done, { action: "would create", request: { method: "POST", path: "/v1/agent-testing/scenarios", body } });
          else {
            const created = await client.createScenario(body);
            Object.assign(done, { action: "created", id: created.id });
          }
        } else {
          const changes = getScenarioChanges(desired, current);
          done.id = current.id;
          if (changes.dropped.length > 0 && !options.force) {
            const names = changes.dropped.map((d) => `${d.type}${d.name ? ` ${JSON.stringify(d.name)}` : ""}`).join(", ");
            Object.assign(done, {
              action: "refused",
              fields: changes.fields,
              reason: `updating it would remove ${changes.dropped.length} assertion${changes.dropped.length === 1 ? "" : "s"} made on the service that the file cannot hold (${names}); pass --force to replace them, or keep them by editing the scenario in the web page only`,
            });
          } else if (changes.fields.length === 0) done.action = "unchanged";
          else if (options.dryRun)
            Object.assign(done, {
              action: "would update",
              fields: changes.fields,
              request: { method: "PUT", path: `/v1/agent-testing/scenarios/${encodeURIComponent(current.id)}`, body: changes.update },
            });
          else {
            await client.updateScenario(current.id, changes.update);
            Object.assign(done, { action: "updated", fields: changes.fields });
          }
        }
      } catch (error) {
        if (!(error instanceof RemoteError) || !PER_SCENARIO.has(error.kind)) throw error;
        done.reason = error.message;
        continue;
      }
      if (!options.dryRun && done.id !== undefined && item.pathwayManifestFile !== undefined && done.action !== "refused") {
        recordScenario(host, manifest, item.pathwayManifestFile, { name: item.name, id: done.id, file: item.manifestFile });
        changed = true;
      }
    }
  } catch (error) {
    throw await toEngineError(error);
  } finally {
    // A scenario created before a failure stays recorded: the next push updates it instead of making a second one.
    if (changed) await saveManifest(host, manifest);
  }
  const ok = scenarios.every((s) => s.action !== "not pushed" && s.action !== "refused");
  return { ok, dryRun: options.dryRun === true, scenarios, scripted: read.scripted, skipped: read.skipped };
}
