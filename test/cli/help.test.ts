// `--help` of every command (and subcommand): each option explained, the exit codes, and at least one example to copy.
import { describe, expect, it } from "vitest";
import { allCommands } from "../support/cli-commands.js";
import { runMain } from "../support/run-main.js";

describe("pathway <command> --help", async () => {
  const all = await allCommands();

  it.each(all.map((c) => [c.words.join(" "), c.words]))("%s: exit codes and at least one example", async (_name, words) => {
    const help = await runMain([...(words as string[]), "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/\nExit codes: 0 /);
    expect(help.stdout).toMatch(/\nExamples:\n(?: {2}\$ .*\n)* {2}\$ pathway /);
  });

  it("explains every option it shows", () => {
    const unexplained = all.flatMap(({ words, command }) =>
      command.options.filter((o) => !o.hidden && o.description.trim() === "").map((o) => `${words.join(" ")} ${o.flags}`),
    );
    expect(unexplained).toEqual([]);
  });

  it("describes the llm decider's flags alike in test and chat", () => {
    for (const flag of ["--llm-base-url", "--llm-model"]) {
      const descriptions = new Set(all.flatMap(({ command }) => command.options.filter((o) => o.long === flag).map((o) => o.description)));
      expect([flag, descriptions.size]).toEqual([flag, 1]);
    }
  });

  it("describes --color and --no-color alike in every command", () => {
    const colour = all.flatMap(({ command }) => command.options.filter((o) => o.long === "--color" || o.long === "--no-color"));
    expect(colour.length).toBeGreaterThan(20);
    for (const o of colour)
      expect(o.description).toMatch(
        o.long === "--color"
          ? /^force colours (in error output )?even when not writing to a terminal \(also FORCE_COLOR=1\)$/
          : /^disable colours \(also NO_COLOR=1\)$/,
      );
  });
});

describe("--decider llm without a model endpoint", () => {
  it("says the same thing in test and chat, and is a config error", async () => {
    const test = await runMain(["test", "pathways/scenarios/support-kb", "--decider", "llm"]);
    const chat = await runMain(["chat", "pathways/support-kb.json", "--decider", "llm"]);
    expect(test.code).toBe(2);
    expect(chat.code).toBe(2);
    expect(chat.stderr).toBe(test.stderr);
    expect(test.stderr).toMatch(/^pathway: --decider llm needs a model endpoint: .*PATHWAYKIT_LLM_API_KEY/);
    // A setting to fix, like a missing API key: code config.
    const json = await runMain(["test", "pathways/scenarios/support-kb", "--decider", "llm", "--format", "json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, error: { code: "config" } });
  });
});
