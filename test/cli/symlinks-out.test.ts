// A folder or glob never reads through a symbolic link out of the project: the link is named in one warning, its target is never read, and a link to / costs nothing.
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { expandInputs } from "../../src/engine/project/inputs.js";
import { watchFiles } from "../../src/engine/watch/watch-files.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { tempDir } from "../support/cli.js";
import { PATHWAY } from "../support/request-text.js";
import { runMain, type MainResult } from "../support/run-main.js";

const SECRET = "DB_PASSWORD=hunter2-do-not-print";
const unix = process.platform !== "win32";
const CALL = { call_id: "c-1", pathway_id: "pw-1", pathway_logs: [], concatenated_transcript: "" };

let outer: string;
let project: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
  writeFileSync(path.join(project, file), text);
};
const link = (target: string, at: string) => {
  mkdirSync(path.dirname(path.join(project, at)), { recursive: true });
  symlinkSync(target, path.join(project, at));
};
const run = (args: string[]) => runMain(args, { cwd: project });
const noSecret = (result: MainResult) => expect(result.stdout + result.stderr).not.toMatch(/hunter2|DB_PASSWORD|root:x:0/);
const warnsOf = (result: MainResult, ...links: string[]) => {
  const text = result.stdout + result.stderr;
  expect(text).toContain("Skipped: a symbolic link (found in");
  for (const l of links) expect(text).toContain(l);
};

beforeEach(() => {
  outer = tempDir("pathwaykit-links-");
  project = path.join(outer, "project");
  mkdirSync(path.join(outer, "outside"), { recursive: true });
  mkdirSync(project);
  // The secret is a valid pathway and a valid call record, so nothing but the confinement keeps it out.
  writeFileSync(path.join(outer, "outside/leak.json"), JSON.stringify({ ...PATHWAY, name: SECRET, call_id: SECRET }));
  write("package.json", "{}");
  write("pathways/orders.json", JSON.stringify(PATHWAY));
  write("calls/c-1.json", JSON.stringify(CALL));
  if (!unix) return;
  link(path.join(outer, "outside/leak.json"), "pathways/leak.json");
  link("/etc/passwd", "pathways/passwd.json");
  link("/", "pathways/root");
  link("..", "pathways/loop");
  link(path.join(outer, "outside/leak.json"), "calls/leak.json");
  link(path.join(outer, "outside"), "calls/outside");
});

describe.runIf(unix)("folders and globs stay inside the project", () => {
  it("lint skips each link out in every format, naming it, and reads the rest; the links change no exit code", async () => {
    const alone = await run(["lint", "pathways/orders.json"]);
    for (const format of ["text", "stylish", "json", "sarif", "github"]) {
      const result = await run(["lint", "pathways/", "--format", format]);
      noSecret(result);
      warnsOf(result, "pathways/leak.json", "pathways/passwd.json", "pathways/root");
      expect(result.code, format).toBe(alone.code);
    }
  });

  it("validate, fmt --check, diagram and a glob do the same, and the loop finds each real file once", async () => {
    const validate = await run(["validate", "pathways/", "--format", "json"]);
    noSecret(validate);
    const files = (JSON.parse(validate.stdout) as { filePath: string }[]).map((r) => r.filePath).sort();
    expect(files).toEqual(["pathways/leak.json", "pathways/orders.json", "pathways/passwd.json", "pathways/root"]);
    expect(validate.code).toBe(0);
    write("pathways/orders.json", (await runMain(["fmt", "-"], { cwd: project, stdin: JSON.stringify(PATHWAY) })).stdout);
    for (const args of [
      ["fmt", "--check", "pathways/"],
      ["diagram", "pathways/*.json"],
      ["validate", "pathways/**/*.json"],
    ]) {
      const result = await run(args);
      noSecret(result);
      warnsOf(result, "pathways/leak.json");
      expect(result.code, args.join(" ")).toBe(0);
    }
  });

  it("calls stats, replay and report --calls count the records inside and warn of the links out", async () => {
    for (const args of [
      ["calls", "stats", "calls/", "--pathway", "pathways/orders.json"],
      ["calls", "stats", "calls/", "--pathway", "pathways/orders.json", "--format", "json"],
      ["replay", "calls/", "--pathway", "pathways/orders.json"],
    ]) {
      const result = await run(args);
      noSecret(result);
      warnsOf(result, "calls/leak.json", "calls/outside");
      expect(result.code, args.join(" ")).toBe(0);
    }
    const report = await run(["report", "pathways/orders.json", "--calls", "calls/", "-o", "report.html"]);
    noSecret(report);
    expect(report.code).toBe(0);
  });

  it("test, build and check-request skip a link out of a folder: no scenario run, no module run, no request read", async () => {
    const marker = path.join(outer, "module-ran");
    writeFileSync(
      path.join(outer, "outside/evil.pathway.ts"),
      `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "ran");\nexport default {};\n`,
    );
    writeFileSync(path.join(outer, "outside/leak.scenario.yaml"), `name: ${SECRET}\npathway: leak.json\nturns: []\n`);
    writeFileSync(path.join(outer, "outside/leak.request.json"), JSON.stringify({ phone_number: "+14155550123", task: SECRET }));
    link(path.join(outer, "outside/evil.pathway.ts"), "modules/evil.pathway.ts");
    link(path.join(outer, "outside/leak.scenario.yaml"), "scenarios/leak.scenario.yaml");
    link(path.join(outer, "outside/leak.request.json"), "requests/leak.request.json");
    for (const [args, links] of [
      [["build", "modules/"], ["modules/evil.pathway.ts"]],
      [["test", "scenarios/"], ["scenarios/leak.scenario.yaml"]],
      [["test", "scenarios/", "--format", "json"], ["scenarios/leak.scenario.yaml"]],
      [["check-request", "requests/"], ["requests/leak.request.json"]],
    ] as const) {
      const result = await run([...args]);
      noSecret(result);
      warnsOf(result, ...links);
      expect(result.code, args.join(" ")).toBe(0);
    }
    expect(existsSync(marker)).toBe(false);
  });

  it("a file named directly is the user's choice and is read, as ESLint does", async () => {
    const result = await run(["validate", "pathways/leak.json", "--format", "json"]);
    expect(result.stdout).toContain("pathways/leak.json");
    expect(result.stdout).not.toContain("skipped");
  });

  it("a folder named directly through a link is the user's choice too, and links inside it to its own target are followed", async () => {
    mkdirSync(path.join(outer, "outside/sub"));
    writeFileSync(path.join(outer, "outside/sub/inner.json"), JSON.stringify(PATHWAY));
    symlinkSync(path.join(outer, "outside/sub"), path.join(outer, "outside/sub-link"));
    const refs = await expandInputs(createNodeHost({ cwd: project }), "pathway", ["calls/outside/"]);
    expect(refs.map((r) => [r.path, r.skipped === true])).toEqual([
      ["calls/outside/leak.json", false],
      ["calls/outside/sub/inner.json", false],
    ]);
  });

  it("a link inside the project to another folder of it is followed, and its files are kept once", async () => {
    write("shared/common.json", JSON.stringify(PATHWAY));
    link("../shared", "pathways/shared");
    const refs = await expandInputs(createNodeHost({ cwd: project }), "pathway", ["."]);
    const read = refs.filter((r) => !r.skipped).map((r) => r.path);
    expect(read).toEqual(["calls/c-1.json", "pathways/orders.json", "shared/common.json"]);
    const only = await expandInputs(createNodeHost({ cwd: project }), "pathway", ["pathways/"]);
    expect(only.filter((r) => !r.skipped).map((r) => r.path)).toEqual(["pathways/orders.json", "pathways/shared/common.json"]);
  });

  it("links the walk would never use are not worth a warning (node_modules, other endings)", async () => {
    link("/", "node_modules");
    link("/etc/hostname", "pathways/notes.txt");
    const refs = await expandInputs(createNodeHost({ cwd: project }), "pathway", ["pathways/*.json"]);
    expect(refs.filter((r) => r.skipped).map((r) => r.path)).toEqual(["pathways/leak.json", "pathways/passwd.json"]);
  });

  it("lint --watch's watcher does not follow the link to /: its scan ends with the project's own files", async () => {
    const watch = await watchFiles(project, () => {}, { maxFiles: 200 });
    try {
      expect(watch.fileCount).toBeLessThan(30);
    } finally {
      await watch.close();
    }
  });
});
