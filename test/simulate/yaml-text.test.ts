// The YAML writer of generated scenario files: whatever the strings hold, yaml and js-yaml read back exactly the value written.
import fc from "fast-check";
import { CORE_SCHEMA, load as loadJsYaml } from "js-yaml";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { loadScenario, toMocksYaml, toScenarioYaml, type Scenario } from "../../src/simulate/index.js";
import { toBlockYaml } from "../../src/simulate/yaml-text.js";

/** Pieces that trip YAML writers: indicators, comment and key markers, words read as booleans or null, numbers, breaks. */
const TRICKY = [
  ":",
  ": ",
  " #",
  "#",
  "-",
  "- ",
  "?",
  "? ",
  "*",
  "&",
  "!",
  "%",
  "@",
  "`",
  "|",
  ">",
  "'",
  '"',
  "\\",
  ",",
  "[",
  "]",
  "{",
  "}",
  "yes",
  "no",
  "No",
  "on",
  "off",
  "y",
  "n",
  "true",
  "False",
  "null",
  "Null",
  "~",
  "<<",
  "=",
  "1",
  "-1",
  "0x1F",
  "0o7",
  "1e3",
  ".5",
  ".inf",
  "-.inf",
  ".nan",
  "./",
  "../",
  "../p.json",
  "..",
  "...",
  "2001-12-14",
  "12:30:00",
  "1_000",
  "---",
  "...",
  "\n",
  "\r\n",
  "\r",
  "\t",
  " ",
  "  ",
  "\u00a0",
  "\u0085",
  "\u2028",
  "\u2029",
  "\ufeff",
  "\u200b",
  "\u0000",
  "\u0007",
  "\u001b",
  "\u007f",
  "\ufffe",
  "\uffff",
  "\ud800",
  "\udfff",
  "😀",
  "é",
  "e\u0301",
  "予約",
  "<name>",
  "__proto__",
  "a",
];
const unit = fc.oneof(
  fc.constantFrom(...TRICKY),
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.string({ unit: "binary", maxLength: 3 }),
);
const nasty = fc.array(unit, { maxLength: 8 }).map((parts) => parts.join(""));
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(-0, 0, Number.MAX_SAFE_INTEGER + 2, 1e21, 5e-324, Infinity, -Infinity, NaN));
const value = fc.letrec((tie) => ({
  leaf: fc.oneof(nasty, number, fc.boolean(), fc.constant(null)),
  node: fc.oneof({ depthSize: "small", withCrossShrink: true }, tie("leaf"), tie("array"), tie("object")),
  array: fc.array(tie("node"), { maxLength: 4 }),
  object: fc.dictionary(nasty, tie("node"), { maxKeys: 4 }),
})).node;

/** The value each reader gets: yaml (YAML 1.2 core), js-yaml's default schema, and js-yaml's core schema (the fast path of loadScenario). */
function readBoth(text: string): unknown[] {
  return [parseYaml(text), loadJsYaml(text), loadJsYaml(text, { schema: CORE_SCHEMA })];
}

describe("toBlockYaml", () => {
  it("reads back as exactly the value written, in yaml and js-yaml, for any strings, numbers and nesting", () => {
    fc.assert(
      fc.property(value, (v) => {
        for (const read of readBoth(toBlockYaml(v))) expect(read).toEqual(v);
      }),
      { numRuns: 1500 },
    );
  });

  it("reads back every tricky piece alone, as a value and as a key", () => {
    for (const piece of [...TRICKY, "", "a".repeat(5000), "k: ".repeat(600), `${"x".repeat(1200)}\n${"y".repeat(1200)}`]) {
      const v = { [piece]: piece, list: [piece, [piece], { [piece]: [piece] }] };
      for (const read of readBoth(toBlockYaml(v))) expect(read).toEqual(v);
    }
  });

  it("keeps negative zero, infinities and NaN", () => {
    const v = { zero: -0, up: Infinity, down: -Infinity, nan: NaN, big: 1e21, tiny: 5e-324 };
    for (const read of readBoth(toBlockYaml(v))) {
      expect(read).toEqual(v);
      expect(Object.is((read as typeof v).zero, -0)).toBe(true);
    }
  });

  it("writes block style: a key a line, plain words unquoted, no anchors or aliases even for a value used twice", () => {
    const shared = { callback_number: "<callback_number>" };
    const text = toBlockYaml({
      name: "Lead qualification 2",
      pathway: "../pathways/lead.json",
      turns: [
        { user: "The caller gave a phone number", vars: shared },
        { user: "yes", vars: shared },
      ],
      empty: {},
      none: [],
    });
    expect(text).toBe(
      [
        "name: Lead qualification 2",
        "pathway: ../pathways/lead.json",
        "turns:",
        "  - user: The caller gave a phone number",
        "    vars:",
        "      callback_number: <callback_number>",
        '  - user: "yes"',
        "    vars:",
        "      callback_number: <callback_number>",
        "empty: {}",
        "none: []",
        "",
      ].join("\n"),
    );
  });
});

// zod's records drop a "__proto__" key (it sets the prototype instead), so scenario keys leave it out; the writer keeps it (above).
const key = nasty.filter((k) => k !== "__proto__");
const scenario = fc.record({
  name: nasty,
  pathway: nasty.filter((s) => s !== ""),
  decider: fc.constantFrom("scripted", "keyword") as fc.Arbitrary<Scenario["decider"]>,
  mocks: fc.option(
    nasty.filter((s) => s !== ""),
    { nil: undefined },
  ),
  webhooks: fc.option(fc.dictionary(key, fc.record({ status: fc.integer({ min: 100, max: 599 }), body: value })), { nil: undefined }),
  turns: fc.array(
    fc.record(
      {
        user: nasty,
        take: nasty.filter((s) => s !== ""),
        vars: fc.dictionary(key, value, { maxKeys: 3 }),
        webhooks: fc.dictionary(key, fc.record({ status: fc.integer({ min: 100, max: 599 }), body: value }), { maxKeys: 2 }),
        transfer: fc.constantFrom("answered", "not-answered") as fc.Arbitrary<"answered" | "not-answered">,
        expect: fc.record({ node: nasty.filter((s) => s !== "") }),
      },
      { requiredKeys: ["user"] },
    ),
    { maxLength: 4 },
  ),
  expect: fc.record(
    { status: fc.constantFrom("ended", "transferred", "active") as fc.Arbitrary<"ended" | "transferred" | "active">, node: nasty.filter((s) => s !== "") },
    { requiredKeys: [] },
  ),
});

function withoutUndefined<T>(v: T): T {
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined)) as T;
}

describe("generated scenario files", () => {
  it("load back as the scenario written (loadScenario, yaml and js-yaml), whatever the says, user text, vars and mocks hold", () => {
    fc.assert(
      fc.property(scenario, (raw) => {
        const s = withoutUndefined(raw) as Scenario;
        const text = toScenarioYaml(s);
        const loaded = loadScenario(text);
        if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
        expect(loaded.scenario).toEqual(s);
        for (const read of readBoth(text)) expect(read).toEqual(s.decider === "scripted" ? { ...s, decider: undefined } : s);
      }),
      { numRuns: 400 },
    );
  });

  it("keep every line of a header a comment, and the mocks file reads back too", () => {
    const mocks = { webhooks: { "Check: availability #2": { status: 200, body: { slots: ["9:00", "yes"] } } } };
    const text = toMocksYaml(mocks, "line one\nline two: # not a key");
    expect(text.startsWith("# line one\n# line two: # not a key\n")).toBe(true);
    for (const read of readBoth(text)) expect(read).toEqual(mocks);
  });
});
