// Which remote pathway a live scenario run talks to (--pathway-id, or the manifest entry of the scenario's pathway file), and whether the remote is the local file.
import type { Pathway } from "../../model/index.js";
import type { PathwayClient } from "../../remote/index.js";
import { getPathwayHash } from "../../remote/index.js";
import type { Host } from "../../host/host.js";
import { findEntryByFile, type LoadedManifest } from "./manifest.js";
import { displayPath } from "./inputs.js";
import { toEngineError } from "./remote-client.js";

/** What live runs share across scenarios: the manifest, the client, and each remote pathway's check, done once. */
export interface LiveContext {
  manifest: LoadedManifest;
  client: PathwayClient;
  /** Warnings per remote id, from comparing the remote pathway with the local file once. */
  checked: Map<string, Promise<string[]>>;
}

/**
 * The remote id for a scenario's pathway file: `pathwayId` when given, else the manifest entry of that file. Warns
 * (naming both hashes) when the remote pathway is not the local file, since the live agent runs the remote one.
 */
export async function resolveLiveTarget(
  host: Host,
  context: LiveContext,
  pathwayFile: string,
  local: Pathway,
  pathwayId: string | undefined,
  options: { compare?: boolean } = {},
): Promise<{ id: string; warnings: string[] } | { error: string }> {
  const shown = displayPath(host.cwd, pathwayFile);
  const id = pathwayId ?? findEntryByFile(context.manifest, host.cwd, pathwayFile)?.id;
  if (id === undefined) {
    return { error: `${shown} has no remote pathway: pass --pathway-id <id>, or record it in pathwaykit.manifest.json (pathway fetch or push does).` };
  }
  // A run of a saved version compares that version instead (see live-version.ts).
  if (options.compare === false) return { id, warnings: [] };
  let check = context.checked.get(id);
  if (!check) {
    check = compareWithRemote(context.client, id, shown, local);
    context.checked.set(id, check);
  }
  return { id, warnings: await check };
}

async function compareWithRemote(client: PathwayClient, id: string, shown: string, local: Pathway): Promise<string[]> {
  const localHash = getPathwayHash(local);
  try {
    const remote = await client.getPathway(id, { endpoint: "pathway" });
    return remote.hash === localHash
      ? []
      : [
          `the remote pathway ${id} is not ${shown} (remote ${remote.hash}, local ${localHash}): the live agent runs the remote one; node ids and names are resolved through the local file.`,
        ];
  } catch (error) {
    // A rejected key is the same for every chat: one clear error (exit 2) before any starts, not one per scenario and run.
    if ((error as { kind?: unknown }).kind === "unauthorized") throw await toEngineError(error);
    return [`could not compare the remote pathway ${id} with ${shown}: ${error instanceof Error ? error.message : String(error)}`];
  }
}
