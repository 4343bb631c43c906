// `pathway lint` also checks the request files pathway.config.json lists (`requests: [{files, pathway}]`).
import path from "node:path";
import { glob } from "tinyglobby";
import { checkRequests, type RequestFile } from "../engine/check-requests.js";
import type { CheckedFile } from "./check-files.js";
import { collectInputs } from "./inputs.js";
import type { CliIo } from "./io.js";
import type { LoadedLintConfig } from "./lint-config-files.js";
import { createRequestHost } from "./request-host.js";

/** Checks the config's request files; paths in the results are relative to the working directory, like lint's own. */
export async function checkConfiguredRequests(loaded: LoadedLintConfig, io: CliIo): Promise<CheckedFile[]> {
  const entries = loaded.config.requests;
  if (entries.length === 0) return [];
  const fromCwd = (file: string) => path.relative(io.cwd, path.resolve(loaded.root, file)) || ".";
  const files: RequestFile[] = [];
  for (const [i, entry] of entries.entries()) {
    const matches = (await glob(entry.files, { cwd: loaded.root, dot: false })).sort();
    if (matches.length === 0) {
      files.push({ path: `${loaded.file ?? "pathway.config.json"} requests[${i}]`, error: `requests[${i}].files (${entry.files.join(", ")}) matches no files; check the globs (relative to the config's directory).` });
      continue;
    }
    const pathway = entry.pathway === undefined || entry.pathway.startsWith("remote:") ? entry.pathway : fromCwd(entry.pathway);
    for (const input of await collectInputs(matches.map(fromCwd), { cwd: io.cwd })) files.push({ ...input, ...(pathway !== undefined && { pathway }) });
  }
  return checkRequests(files, { host: createRequestHost(io, { cwd: io.cwd }) });
}
