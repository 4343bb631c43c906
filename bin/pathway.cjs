#!/usr/bin/env node
// Entry point of the `pathway` executable: the launcher runs the CLI's prebuilt packs (see src/cli/launch.ts).
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

let launcher;
try {
  launcher = require("../dist/bundle/launch.cjs");
} catch (error) {
  if (error.code !== "MODULE_NOT_FOUND") throw error;
  process.stderr.write("pathway: the command line is not built (dist/bundle/launch.cjs is missing); run `npm run build` where pathwaykit is, or reinstall it.\n");
  exit(2);
}
launcher.launch(process.argv.slice(2));
