// Runs a user's module code as `pathway` needs: process.exit disarmed, and "pathwaykit" found even where it is not installed.
import type { Host } from "../host/host.js";
import { resolvePathwaykitFromHere } from "./own-package-resolver.js";

/** Thrown in place of exiting when user code calls process.exit while it is being loaded. */
export class UserExitError extends Error {
  constructor(code: unknown) {
    super(`the module called process.exit(${code === undefined ? "" : String(code)}) while it was being loaded; a pathway module must only export its pathway`);
  }
}

/**
 * The host with `importModule` guarded: process.exit throws UserExitError while a module loads, and an import of
 * "pathwaykit" the module's folder cannot resolve gets the running CLI (process-wide hooks: the CLI's to install, never
 * the library's, whose host programs keep their own resolution).
 */
export function guardUserModules(host: Host): Host {
  return {
    ...host,
    async importModule(file) {
      resolvePathwaykitFromHere();
      const exit = process.exit;
      process.exit = ((code?: unknown) => {
        throw new UserExitError(code);
      }) as typeof process.exit;
      try {
        return await host.importModule(file);
      } finally {
        process.exit = exit;
      }
    },
  };
}
