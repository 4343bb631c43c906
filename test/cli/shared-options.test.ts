// Shared flags are declared once: every command that takes one gets the table's flags and help line (import alone says more).
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { commands } from "../../src/cli/commands/index.js";
import type { CliIo } from "../../src/cli/io.js";
import { SHARED_OPTIONS } from "../../src/cli/shared-options.js";

/** Where a command says more than the table's line on purpose. */
const OWN_WORDS: Record<string, string> = { "import --color": "force colours in error output even when not writing to a terminal" };

describe("shared options", async () => {
  const registered: Command[] = [];
  for (const entry of commands) {
    const scratch = new Command("pathway");
    (await entry.load()).register(scratch, {} as CliIo);
    registered.push(...scratch.commands);
  }

  it.each(Object.entries(SHARED_OPTIONS))("%s: every command that takes it has the table's flags and help line", (_name, spec) => {
    const long = spec.flags.split(" ")[0]!;
    const users = registered.flatMap((c) => c.options.filter((o) => o.long === long).map((o) => ({ command: c.name(), option: o })));
    expect(users.length).toBeGreaterThan(0);
    for (const { command, option } of users) {
      expect(option.flags).toBe(spec.flags);
      expect(option.description).toBe(OWN_WORDS[`${command} ${long}`] ?? spec.description);
    }
  });
});
