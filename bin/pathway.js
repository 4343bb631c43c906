#!/usr/bin/env node
// Entry point of the `pathway` executable: runs the compiled CLI and sets the exit code.
import { main } from "../dist/cli/main.js";

// `pathway ... | head` closes the pipe early: that is the reader's choice, not an error worth a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await main(process.argv.slice(2));
