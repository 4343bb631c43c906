// Hostile scenario data: catastrophic regular expressions, YAML alias bombs and very long scenarios stay fast and contained.
import { describe, expect, it } from "vitest";
import type { Pathway } from "../../src/model/index.js";
import { loadScenario, runScenario, type Scenario } from "../../src/simulate/index.js";
import { cpuMsOf } from "../support/cpu-time.js";

/** A node that talks and loops back to itself: every turn takes the loop edge and says one line. */
const loop: Pathway = {
  name: "loop",
  nodes: [{ id: "talk", type: "Default", data: { name: "Talk", isStart: true, text: "Say more." } }],
  edges: [{ id: "again", source: "talk", target: "talk", data: { label: "again" } }],
} as Pathway;

function scenario(turns: Scenario["turns"], extra: Partial<Scenario> = {}): Scenario {
  return { pathway: "loop.json", decider: "scripted", turns, ...extra } as Scenario;
}

describe("matches: regular expressions", () => {
  it("answers a catastrophic pattern against 40 characters at once, in linear time", () => {
    const said = `${"a".repeat(40)}!`;
    const pathway = { ...loop, nodes: [{ id: "talk", type: "Default", data: { name: "Talk", isStart: true, text: said } }] } as Pathway;
    let result!: ReturnType<typeof runScenario>;
    const ms = cpuMsOf(() => (result = runScenario(pathway, scenario([{ user: "hi", take: "again", expect: { said: { matches: "^(a+)+$" } } }]))));
    // A backtracking engine needs about 2^40 steps here (days of CPU); a linear one well under a millisecond.
    expect(ms).toBeLessThan(2_000);
    expect(result.status).toBe("failed");
    expect(result.failures[0]!.message).toMatch(/to match \/\^\(a\+\)\+\$\//);
  });

  it("still matches ordinary patterns, with inline flags", () => {
    const result = runScenario(loop, scenario([{ user: "hi", take: "again", expect: { said: { matches: "(?i)^say\\s+MORE\\.$" } } }]));
    expect(result.failures).toEqual([]);
  });

  it("refuses lookaround and backreferences when the file is loaded, saying which syntax is accepted", () => {
    const loaded = loadScenario('pathway: p.json\nturns:\n  - user: hi\n    expect:\n      said: { matches: "(a)\\\\1" }\n');
    expect(loaded.ok).toBe(false);
    const issue = (loaded as { issues: { message: string; line?: number; pointer: string }[] }).issues[0]!;
    expect(issue).toMatchObject({ line: 5, pointer: "/turns/0/expect/said/matches" });
    expect(issue.message).toMatch(/RE2/);
  });
});

describe("YAML aliases", () => {
  it("refuses a billion-laughs file with a clear issue instead of expanding it", () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 12; i++)
      lines.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(",")}]`,
      );
    lines.push("pathway: p.json", "turns: []");
    let loaded!: ReturnType<typeof loadScenario>;
    expect(cpuMsOf(() => (loaded = loadScenario(`${lines.join("\n")}\n`)))).toBeLessThan(2_000);
    expect(loaded.ok).toBe(false);
    expect((loaded as { issues: { message: string }[] }).issues[0]!.message).toMatch(/alias/i);
  });

  it("still reads a file that uses a few aliases", () => {
    const loaded = loadScenario("request_data: &v {party: 2}\npathway: p.json\nturns:\n  - user: hi\n    vars: *v\n");
    expect(loaded.ok).toBe(true);
  });
});

describe("long scenarios", () => {
  it("costs the same per turn at 20,000 turns as at 2,000 (linear, not quadratic)", () => {
    const run = (n: number) => {
      // Turns without `take:` stay at the node (no loop limit), and each one still speaks, decides and adds to the trace.
      const turns = Array.from({ length: n }, () => ({ user: "more", expect: { status: "active" as const } }));
      let result!: ReturnType<typeof runScenario>;
      const ms = cpuMsOf(() => (result = runScenario(loop, scenario(turns, { max_turns: n + 1 }))));
      expect(result.status).toBe("passed");
      expect(result.final.turns).toBe(n);
      return ms;
    };
    run(2_000);
    const small = Math.min(run(2_000), run(2_000));
    const large = run(20_000);
    // Linear growth is 10x; quadratic is 100x. CPU time, not the clock, so other work on the machine does not count;
    // the margin below the quadratic covers the garbage collector and caches.
    expect(large / small).toBeLessThan(35);
  });
});
