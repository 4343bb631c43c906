// `npm run bench`: runs every suite in one process and prints one table of times and ratios.
import { validateSuite } from "./bench/validate.js";
import { lintSuite } from "./bench/lint.js";
import { builderSuite } from "./bench/builder.js";
import { diffSuite } from "./bench/diff.js";
import { diagramSuite } from "./bench/diagram.js";
import { diagramDensitySuite } from "./bench/diagram-density.js";
import { simulateSuite } from "./bench/simulate.js";
import { memorySuite } from "./bench/memory.js";
import { startSuite } from "./bench/start.js";
import { requestsSuite } from "./bench/requests.js";
import { reportSuite } from "./bench/report.js";
import { generateSuite } from "./bench/generate.js";
import { releaseSuite } from "./bench/release.js";
import { installSuite } from "./bench/install.js";
import { callsSuite } from "./bench/calls.js";
import { lspSuite } from "./bench/lsp.js";
import { mcpSuite } from "./bench/mcp.js";
import type { BenchSuite } from "./bench/measure.js";

const suites: BenchSuite[] = [
  validateSuite,
  lintSuite,
  builderSuite,
  diffSuite,
  diagramSuite,
  diagramDensitySuite,
  simulateSuite,
  memorySuite,
  startSuite,
  requestsSuite,
  reportSuite,
  generateSuite,
  releaseSuite,
  installSuite,
  callsSuite,
  lspSuite,
  mcpSuite,
];

const only = process.argv[2];
for (const suite of suites) {
  // A part's name also runs the parts named after it ("diagram" runs diagram-density too).
  if (only && suite.name !== only && !suite.name.startsWith(`${only}-`)) continue;
  console.log(`\n## ${suite.name}`);
  try {
    for (const row of await suite.run()) console.log(`  ${row.name.padEnd(58)} ${row.value.padStart(12)}${row.note ? `  (${row.note})` : ""}`);
  } catch (error) {
    console.log(`  failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
