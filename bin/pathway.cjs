#!/usr/bin/env node
// Entry point of the `pathway` executable: loads the CLI's one bundle (dist/bundle/main.cjs and its chunks, made by scripts/bundle-cli.ts).
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

let cli;
try {
  cli = require("../dist/bundle/main.cjs");
} catch (error) {
  // An interrupted build or install: one line that says what to do, not a stack trace (nor require's stack of files).
  const entry = require("node:path").join(__dirname, "..", "dist", "bundle", "main.cjs");
  const missing = error.code === "MODULE_NOT_FOUND" && !require("node:fs").existsSync(entry);
  process.stderr.write(
    `pathway: the command line ${missing ? "is not built (dist/bundle/main.cjs is missing)" : `could not be loaded (${String(error.message).split("\n")[0]})`}; run \`npm run build\` where pathwaykit is, or reinstall it.\n`,
  );
  process.exitCode = 2;
}
// main() never throws; it returns the exit code once the command has finished.
if (cli) {
  cli.main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
    // Ends the process now, as tsc ends its runs, rather than entering the event loop (where V8's pending heap tasks
    // run) and then disposing of the heap: about 7 ms of a `validate` run (`npm run bench -- start`). Not after a
    // failed write, whose error handler (above) ends the run with exit 2, nor while output is still queued (a pipe is
    // asynchronous on macOS): Node then exits once it is written.
    const streams = [process.stdout, process.stderr];
    if (streams.every((s) => !s.errored && s.writableLength === 0)) exit();
  });
}
