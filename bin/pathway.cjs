#!/usr/bin/env node
// Entry point of the `pathway` executable: loads the CLI's one bundle (dist/bundle/main.js and its chunks, made by scripts/bundle-cli.ts).
// Kept before any user code runs: `pathway build` disarms process.exit while a user's module loads.
const exit = process.exit.bind(process);

// Output that cannot be written ends the run: `| head` closing the pipe is the reader's choice (the exit code stands);
// anything else (a full disk, a closed terminal) is exit 2 with one line, not a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error) => {
    if (error.code === "EPIPE") exit(process.exitCode ?? 0);
    try {
      process.stderr.write(`pathway: cannot write the output (${error.code ?? error.message})\n`);
    } catch {
      // stderr itself failed: the exit code says it.
    }
    exit(2);
  });
}

// Node 22+ keeps the compiled bundle on disk for the next start (Node 20 has no compile cache and skips this).
require("node:module").enableCompileCache?.();
// PATHWAYKIT_DEBUG: a stack trace then names src/ files and lines, through the bundle's source map.
if (process.env.PATHWAYKIT_DEBUG) process.setSourceMapsEnabled(true);

import("../dist/bundle/main.js").then(
  async ({ main }) => {
    // main() never throws; it returns the exit code.
    process.exitCode = await main(process.argv.slice(2));
  },
  (error) => {
    // An interrupted build or install: one line that says what to do, not a stack trace.
    const missing = error.code === "ERR_MODULE_NOT_FOUND" && String(error.message).includes(`bundle${require("node:path").sep}main.js`);
    process.stderr.write(`pathway: the command line ${missing ? "is not built (dist/bundle/main.js is missing)" : `could not be loaded (${error.message})`}; run \`npm run build\` where pathwaykit is, or reinstall it.\n`);
    process.exitCode = 2;
  },
);
