// Runs a user's module code with process.exit disarmed: a module that calls it must not end `pathway` with nothing written.
import type { Host } from "../engine/host.js";

/** Thrown in place of exiting when user code calls process.exit while it is being loaded. */
export class UserExitError extends Error {
  constructor(code: unknown) {
    super(`the module called process.exit(${code === undefined ? "" : String(code)}) while it was being loaded; a pathway module must only export its pathway`);
  }
}

/** The host with `importModule` guarded: process.exit throws UserExitError while a module loads. */
export function guardUserModules(host: Host): Host {
  return {
    ...host,
    async importModule(file) {
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
