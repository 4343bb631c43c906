// README.md stays a landing page that is true: small, both install lines, a scenario and an Action step that are the real ones, and the commands CI runs; the guides name only library functions pathwaykit exports.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import * as api from "../src/index.js";
import { ROOT } from "./support/cli.js";
import { readAction } from "./support/composite-action.js";

const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
const version = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

/** The fenced block between `<!-- example:<name> -->` markers. */
function example(name: string): string {
  const block = new RegExp(`<!-- example:${name} -->\\n\`\`\`\\w+\\n([\\s\\S]*?)\`\`\`\\n<!-- /example:${name} -->`).exec(readme)?.[1];
  if (block === undefined) throw new Error(`README.md has no example between <!-- example:${name} --> markers`);
  return block;
}

describe("README.md", () => {
  it("is a landing page: under 15 KB, the rest in docs/", () => {
    expect(Buffer.byteLength(readme)).toBeLessThan(15_000);
    expect(readme).toContain("](docs/README.md)");
  });

  it("gives both install lines, and what npm 12 needs for the one from GitHub", () => {
    expect(readme).toMatch(/^npm i -D pathwaykit\b/m);
    expect(readme).toMatch(/^npm i -D github:pathwaykit\/pathwaykit\b/m);
    expect(readme).toContain("--allow-git=root");
    expect(readme).toContain('"allowScripts": {"github:pathwaykit/pathwaykit": true}');
  });

  it("shows a scenario that is the bundled one, as it runs in the tests", () => {
    const shown = example("scenario");
    const [first, ...rest] = shown.split("\n");
    const file = first!.replace(/^# /, "");
    const bundled = readFileSync(path.join(ROOT, file), "utf8")
      .split("\n")
      .filter((l) => !l.startsWith("#"))
      .join("\n");
    expect(rest.join("\n")).toBe(bundled);
  });

  it("shows an Action step of this version, in check mode, with only inputs the Action has", () => {
    const [step] = parse(example("action").replace(/^ {6}/gm, "")) as [{ uses: string; with: Record<string, string> }];
    expect(step.uses).toBe(`pathwaykit/pathwaykit@v${version}`);
    expect(step.with.mode).toBe("check");
    const inputs = readAction().inputs;
    expect(Object.keys(step.with).filter((k) => !(k in inputs))).toEqual([]);
  });

  it("gives the commands that .ci/run and a fresh machine use", () => {
    expect(readme).toContain("npm ci && npx pathway validate pathways/");
    expect(readme).toMatch(/^npm test\b/m);
    expect(readFileSync(path.join(ROOT, ".ci/run"), "utf8")).toMatch(/^npm test$/m);
  });
});

describe("README.md and the guides in docs/", () => {
  const guides = readdirSync(path.join(ROOT, "docs"))
    .filter((f) => f.endsWith(".md") && f !== "api.md")
    .map((f) => `docs/${f}`);

  it("name as library API only functions pathwaykit exports (`name(` or a verb-prefixed name in a code span)", () => {
    const named = new Map<string, string>();
    const verbs = "get|create|to|check|run|load|format|apply|validate|lint|fetch|plan|draw|build|import|analyze|generate|transition|summarise|diff";
    for (const file of ["README.md", ...guides]) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const m of text.matchAll(/`([a-z][A-Za-z]*)\(/g)) named.set(m[1]!, file);
      for (const m of text.matchAll(new RegExp(`\`((?:${verbs})[A-Z][A-Za-z]*)[\`(]`, "g"))) named.set(m[1]!, file);
    }
    expect(named.size).toBeGreaterThan(30);
    expect(
      [...named]
        .filter(([name]) => !(name in api))
        .map(([name, file]) => `${file}: ${name}`)
        .sort(),
    ).toEqual([]);
  });
});
