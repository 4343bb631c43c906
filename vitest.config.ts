// Test runner configuration: every test under test/, with room for the slower rendering and CLI tests.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Type-only tests (*.test-d.ts) are checked by the compiler, not run: an expectation that does not hold fails.
    typecheck: { enabled: true, include: ["test/**/*.test-d.ts"], tsconfig: "tsconfig.json" },
    globalSetup: ["test/support/announce-corpus.ts", "test/support/temp-root.ts"],
    // One fast-check seed unless another is asked for (test/support/fast-check-seed.ts says why).
    setupFiles: ["test/support/fast-check-seed.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
    // GitHub's workflow parser imports its schema JSON without `with { type: "json" }`, which Node refuses; Vite loads it.
    server: { deps: { inline: ["@actions/workflow-parser"] } },
  },
});
