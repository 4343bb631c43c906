// Where pathwaykit's own package is on disk (its package.json, schemas and docs), from this file's place: src/cli/ or the bundle's dist/bundle/, both two levels down.
import { fileURLToPath } from "node:url";

/** The folder holding pathwaykit's package.json, found without resolving "pathwaykit" (a project may not have installed it by that name). */
export const PACKAGE_ROOT: string = fileURLToPath(new URL("../../", import.meta.url));
