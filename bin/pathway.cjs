#!/usr/bin/env node
// Entry point of the `pathway` executable: the launcher runs the CLI's prebuilt pack (see src/cli/launch.ts).
let launcher;
try {
  launcher = require("../dist/bundle/launch.cjs");
} catch (error) {
  if (error.code !== "MODULE_NOT_FOUND") throw error;
  process.stderr.write("pathway: the command line is not built (dist/bundle/launch.cjs is missing); run `npm run build` where pathwaykit is, or reinstall it.\n");
  process.exit(2);
}
launcher.launch(process.argv.slice(2));
