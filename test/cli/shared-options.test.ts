// Shared flags are declared once: every command that takes one gets the table's flags and help line (import alone says more).
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { commands } from "../../src/cli/command-table.js";
import type { CliIo } from "../../src/cli/io.js";
import { option } from "../../src/cli/options/index.js";

/** The flags test, chat and every printing command share, as the table makes them. */
const SHARED = { color: option("color"), noColor: option("noColor"), llmBaseUrl: option("llmBaseUrl"), llmModel: option("llmModel") };

/** Where a command says more than the table's line on purpose, through the refinement the entry allows. */
const OWN_WORDS: Record<string, string> = {
  "import --color": option("color", { in: "error output" }).description,
  "convert --color": option("color", { in: "error output" }).description,
};

describe("shared options", async () => {
  const registered: Command[] = [];
  for (const entry of commands) {
    const scratch = new Command("pathway");
    (await entry.load()).register(scratch, {} as CliIo);
    registered.push(...scratch.commands);
  }

  it.each(Object.entries(SHARED))("%s: every command that takes it has the table's flags and help line", (_name, shared) => {
    const users = registered.flatMap((c) => c.options.filter((o) => o.long === shared.long).map((o) => ({ command: c.name(), option: o })));
    expect(users.length).toBeGreaterThan(0);
    for (const { command, option: o } of users) {
      expect(o.flags).toBe(shared.flags);
      expect(o.description).toBe(OWN_WORDS[`${command} ${shared.long!}`] ?? shared.description);
    }
  });
});
