// Test runner configuration: every test under test/, with room for the slower rendering and CLI tests.
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Type-only tests (*.test-d.ts) are checked by the compiler, not run: an expectation that does not hold fails.
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "tsconfig.json" },
    // The run's shared browser is stopped before the temporary folder it lives in is removed (teardowns run in reverse).
    globalSetup: ["test/support/announce-corpus.ts", "test/support/temp-root.ts", "test/support/shared-browser.ts"],
    // One fast-check seed unless another is asked for (test/support/fast-check-seed.ts says why).
    setupFiles: ["test/support/fast-check-seed.ts"],
    // One worker per core (Vitest's default leaves one core idle: on a 2-core machine the files then run one by one).
    // Most files wait on child processes, sockets or the browser, so two at a time use both cores.
    maxWorkers: availableParallelism(),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
    // GitHub's workflow parser imports its schema JSON without `with { type: "json" }`, which Node refuses; Vite loads it.
    server: { deps: { inline: ["@actions/workflow-parser"] } },
  },
});
