#!/usr/bin/env node
// Entry point of the `pathway` executable: the launcher loads the bundle of the one command that runs (see scripts/bundle-cli.ts).
require("../dist/bundle/launch.cjs").launch(process.argv.slice(2));
