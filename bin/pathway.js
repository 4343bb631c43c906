#!/usr/bin/env node
// Entry point of the `pathway` executable: runs the compiled CLI and sets the exit code.
import { main } from "../dist/cli/main.js";

process.exitCode = await main(process.argv.slice(2));
