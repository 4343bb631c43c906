// The command table: every command file is listed once, its summary is the command's own, and commands import no other command.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { commands } from "../../src/cli/commands/index.js";
import type { CliIo } from "../../src/cli/io.js";
import { ROOT } from "../support/cli.js";

const DIR = path.join(ROOT, "src/cli/commands");
const files = readdirSync(DIR).filter((f) => f.endsWith(".ts") && f !== "index.ts");

describe("command table", () => {
  it("lists every command file exactly once", () => {
    expect(commands.map((c) => `${c.name}.ts`).sort()).toEqual(files.sort());
  });

  for (const entry of commands) {
    it(`${entry.name}: the summary shown in pathway --help is the command's own description`, async () => {
      const program = new Command("pathway");
      (await entry.load()).register(program, {} as CliIo);
      const command = program.commands.find((c) => c.name() === entry.name);
      expect(command?.description()).toBe(entry.summary);
    });
  }

  it("no command file imports another command (shared code lives in the engine or cli/; the table itself may be read)", () => {
    const offenders = files.flatMap((file) =>
      [...readFileSync(path.join(DIR, file), "utf8").matchAll(/(?:from\s+|import\(\s*)["'](\.\/[^"']+)["']/g)]
        .filter((m) => m[1] !== "./index.js")
        .map((m) => `${file} -> ${m[1]}`),
    );
    expect(offenders).toEqual([]);
  });
});
