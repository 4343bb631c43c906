// Users know the service's API reference, not the name of the document pathwaykit's authors wrote it from: no text a user reads says "seed".
import { copyFileSync, existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ruleCatalogue } from "../src/engine/check/rule-catalogue-full.js";
import { checkRequestText } from "../src/requests/index.js";
import { ROOT, tempDir } from "./support/cli.js";
import { allCommands } from "./support/cli-commands.js";
import { CORPUS_DIR, hasCorpus, hasRequestCorpus, REQUEST_CORPUS_DIR } from "./support/corpus-dir.js";
import { runMain } from "./support/run-main.js";

/** The word, in any case, on its own (`PATHWAYKIT_FUZZ_SEED` and "seeds" are other words). */
const WORD = /\bseed\b/i;

/** Each line of `text` holding the word, as `label:line: text`. */
function sayings(label: string, text: string): string[] {
  return text.split("\n").flatMap((line, i) => (WORD.test(line) ? [`${label}:${i + 1}: ${line.trim().slice(0, 200)}`] : []));
}

/** `text` without JavaScript comments (block comments, and `//` at a line's start or after a space; `https://` stays). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, "")).replace(/(^|\s)\/\/.*$/gm, "$1");
}

/** Files under `dir` (relative to the repository) whose names end with `ending`, as repository paths. */
function filesUnder(dir: string, ending: string): string[] {
  if (!existsSync(path.join(ROOT, dir))) return [];
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(ending))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

describe('no text a user reads says "seed"', () => {
  it("finds the word where it is (the check below can fail)", () => {
    expect(sayings("x", "a\ntemperature is outside 0 to 1 (Seed 4.1)\nPATHWAYKIT_FUZZ_SEED=1 seeds")).toEqual([
      "x:2: temperature is outside 0 to 1 (Seed 4.1)",
    ]);
    expect(withoutComments('// seed 4.1\nconst a = "seed"; // seed\n/** seed\n * 2.6 */ see("https://x")')).toBe('\nconst a = "seed"; \n\n see("https://x")');
  });

  it("in no rule's description or message (validate, lint, check-request; the rule pages and SARIF come from them)", () => {
    const metas = [...new Map([...ruleCatalogue.document, ...ruleCatalogue.validate, ...ruleCatalogue.all].map((m) => [m.id, m])).values()];
    expect(metas.length).toBeGreaterThan(80);
    const found = metas.flatMap((m) => [
      ...sayings(`${m.id} description`, m.description),
      ...Object.entries(m.messages).flatMap(([id, text]) => sayings(`${m.id} ${id}`, text)),
    ]);
    expect(found).toEqual([]);
  });

  it("in no --help of pathway, its commands and their subcommands", async () => {
    const commands = await allCommands();
    expect(commands.length).toBeGreaterThan(25);
    const found: string[] = [];
    for (const words of [[], ...commands.map((c) => c.words)]) {
      const help = await runMain([...words, "--help"]);
      expect(help.code, words.join(" ")).toBe(0);
      found.push(...sayings(`pathway ${words.join(" ")} --help`.replace("  ", " "), help.stdout + help.stderr));
    }
    expect(found).toEqual([]);
  }, 120_000);

  it("in no document: README.md, CHANGELOG.md, docs/, schemas/, the VS Code extension, action.yml and the action's script", () => {
    const documents = [
      "README.md",
      "CHANGELOG.md",
      "action.yml",
      "editors/vscode/package.json",
      "editors/vscode/README.md",
      ...filesUnder("docs", ".md"),
      ...filesUnder("schemas", ".json"),
    ].filter((f) => existsSync(path.join(ROOT, f)));
    const scripts = [...filesUnder("editors/vscode/src", ".ts"), ...filesUnder("action", ".mjs")];
    expect(documents).toContain("docs/api.md");
    expect(documents.filter((f) => f.startsWith("schemas/")).length).toBeGreaterThan(3);
    expect(scripts).toContain("action/pathway-ci.mjs");
    const found = [...documents.flatMap((f) => sayings(f, read(f))), ...scripts.flatMap((f) => sayings(f, withoutComments(read(f))))];
    expect(found).toEqual([]);
  });

  it("in no hover text of the library's type declarations, and in no string the built CLI can print", () => {
    // The declarations keep their TSDoc (what an editor shows); the CLI's bundle is minified without comments, so each
    // word in it is code or text it can print: the rules' data, every message built at run time.
    const declarations = filesUnder("dist", ".d.ts");
    const bundle = filesUnder("dist/bundle", ".cjs");
    expect(declarations).toContain(path.join("dist", "index.d.ts"));
    expect(bundle.length).toBeGreaterThan(10);
    expect([...declarations, ...bundle].flatMap((f) => sayings(f, read(f)))).toEqual([]);
  });

  it("cites the API reference by endpoint and field instead", () => {
    const messages = (body: object) => checkRequestText(JSON.stringify(body), { kind: "call" }).diagnostics.map((d) => d.message);
    expect(messages({ phone_number: "+14155550123", task: "Hi", temperature: 1.5 })).toEqual([
      "temperature 1.5 is outside 0 to 1 (POST /v1/calls: temperature); use e.g. 0.7 (the default).",
    ]);
    expect(messages({ phone_number: "+14155550123", task: "Hi", request_dta: {} })).toEqual([
      'The call request has the field "request_dta", which the API reference does not list for POST /v1/calls; did you mean "request_data"?',
    ]);
  });
});

describe.skipIf(!hasCorpus)('no finding on the real corpus says "seed"', () => {
  let dir = "";
  let pathways: string[] = [];
  beforeAll(() => {
    // A project of its own holding copies: the commands read nothing outside the folder they check.
    dir = tempDir("pathwaykit-user-text-");
    pathways = readdirSync(CORPUS_DIR).filter((n) => n.endsWith(".json"));
    for (const name of pathways) copyFileSync(path.join(CORPUS_DIR, name), path.join(dir, name));
    if (hasRequestCorpus)
      for (const name of readdirSync(REQUEST_CORPUS_DIR).filter((n) => n.endsWith(".json")))
        copyFileSync(path.join(REQUEST_CORPUS_DIR, name), path.join(dir, name));
  });

  /** Runs `pathway ...args --format json` in the copy; returns every finding's message, and anything else it wrote. */
  async function run(args: string[]): Promise<{ messages: string[]; other: string }> {
    const result = await runMain([...args, "--format", "json"], { cwd: dir });
    const reports = (result.stdout.trim() === "" ? [] : JSON.parse(result.stdout)) as
      | { messages?: { message: string; related?: { message: string }[] }[] }[]
      | { error?: unknown };
    const messages = (Array.isArray(reports) ? reports : []).flatMap((r) =>
      (r.messages ?? []).flatMap((m) => [m.message, ...(m.related ?? []).map((x) => x.message)]),
    );
    return { messages, other: result.stderr + (Array.isArray(reports) ? "" : result.stdout) };
  }

  it("validate and lint: every message (JSON `message` fields) and the rest of the output", async () => {
    const found: string[] = [];
    let count = 0;
    for (const command of ["validate", "lint"]) {
      const { messages, other } = await run([command, ...pathways]);
      count += messages.length;
      found.push(...messages.flatMap((m) => sayings(command, m)), ...sayings(`${command} (other output)`, other));
    }
    expect(count).toBeGreaterThan(50);
    expect(found).toEqual([]);
  }, 120_000);

  it.skipIf(!hasRequestCorpus)(
    "check-request: every body alone and with every real pathway",
    async () => {
      const found: string[] = [];
      const seen = new Set<string>();
      for (const pathway of [undefined, ...pathways]) {
        const { messages, other } = await run(["check-request", ".", ...(pathway ? ["--pathway", pathway] : [])]);
        for (const m of messages) seen.add(m);
        found.push(
          ...messages.flatMap((m) => sayings(`check-request --pathway ${pathway}`, m)),
          ...sayings(`check-request --pathway ${pathway} (other output)`, other),
        );
      }
      // The bodies have findings that cite the API reference (the real ones quote a field only real clients send).
      expect([...seen].some((m) => m.includes("which the API reference does not list for POST /v1/calls"))).toBe(true);
      expect(found).toEqual([]);
    },
    300_000,
  );
});
