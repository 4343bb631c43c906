// Test runner configuration: every test under test/, with room for the slower rendering and CLI tests.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/support/announce-corpus.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
  },
});
