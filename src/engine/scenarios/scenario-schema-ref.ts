// Where a generated scenario file finds its JSON schema, so that an editor completes and checks it (yaml-language-server).
import path from "node:path";
import type { Host } from "../../host/host.js";

const SCHEMA = ["schemas", "scenario.schema.json"];

/**
 * The schema's path relative to `dir`, as a `$schema` reference: pathwaykit's copy in the nearest node_modules above
 * `dir` (a project that installed it), or a `schemas/` folder above it (this repository). Undefined when there is
 * neither, e.g. when `pathway` ran through npx from its cache: a path into that cache would not hold on another machine.
 */
export async function findScenarioSchemaRef(host: Host, dir: string): Promise<string | undefined> {
  for (let at = dir; ; at = path.dirname(at)) {
    for (const candidate of [path.join(at, "node_modules", "pathwaykit", ...SCHEMA), path.join(at, ...SCHEMA)]) {
      if ((await host.stat(candidate))?.kind === "file") return path.relative(dir, candidate).split(path.sep).join("/");
    }
    if (path.dirname(at) === at) return undefined;
  }
}
