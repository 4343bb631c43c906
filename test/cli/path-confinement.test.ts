// Paths named by the project's own files (manifest, config `requests`, scenario `pathway:`/`mocks:`) cannot read outside it: refused unread, named, no byte shown.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { PATHWAY } from "../support/request-text.js";
import { runMain, type MainResult } from "../support/run-main.js";
import { measureCpu } from "../support/cpu-time.js";

const SECRET = "DB_PASSWORD=hunter2-do-not-print";
const unix = process.platform !== "win32";
const FORMATS = [[], ["--format", "json"], ["--format", "sarif"], ["--format", "github"]];

let outer: string;
let project: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
  writeFileSync(path.join(project, file), text);
};
const run = (args: string[]) => runMain(args, { cwd: project });
const noSecret = (result: MainResult) => {
  expect(result.stdout + result.stderr).not.toContain("hunter2");
  expect(result.stdout + result.stderr).not.toContain("DB_PASSWORD");
};

beforeEach(() => {
  outer = tempDir("pathwaykit-confine-cli-");
  project = path.join(outer, "project");
  mkdirSync(path.join(outer, "outside"), { recursive: true });
  mkdirSync(project);
  writeFileSync(path.join(outer, "outside/.env"), `${SECRET}\n`);
  writeFileSync(path.join(outer, "outside/x.request.json"), JSON.stringify({ phone_number: "+14155550123", task: SECRET }));
  if (unix) symlinkSync(path.join(outer, "outside"), path.join(project, "link"));
  write("orders.json", JSON.stringify(PATHWAY));
});
afterEach(() => {
  // tempDir folders are removed with the system's temp files; nothing outside them was written.
});

describe("check-request: a manifest entry outside the project", () => {
  const entries = () => [
    { file: "../outside/.env", id: "up", reason: /the entry for pathway up names "\.\.\/outside\/\.env", which leaves the manifest's folder/ },
    {
      file: path.join(outer, "outside/.env"),
      id: "abs",
      reason: /the entry for pathway abs names ".*\.env", which is an absolute path outside the manifest's folder/,
    },
    ...(unix
      ? [
          {
            file: "link/.env",
            id: "linked",
            reason: /the entry for pathway linked names "link\/\.env", which leads outside the manifest's folder through a symbolic link/,
          },
        ]
      : []),
  ];

  it("is refused unread in every format, naming the manifest and the entry; the other requests are still checked", async () => {
    write(
      "pathwaykit.manifest.json",
      JSON.stringify({ version: 1, pathways: [...entries().map(({ file, id }) => ({ file, id })), { file: "orders.json", id: "good" }] }),
    );
    for (const { id } of entries()) write(`${id}.request.json`, JSON.stringify({ phone_number: "+14155550123", pathway_id: id }));
    write("good.request.json", JSON.stringify({ phone_number: "+14155550123", pathway_id: "good", request_data: { name: "A", company: "B" } }));
    for (const format of FORMATS) {
      const result = await run(["check-request", ".", ...format]);
      noSecret(result);
      expect(result.code).toBe(2);
    }
    const report = JSON.parse((await run(["check-request", ".", "--format", "json"])).stdout) as {
      filePath: string;
      messages: { ruleId: string; message: string }[];
    }[];
    for (const { id, reason } of entries()) {
      const messages = report.find((r) => r.filePath === `${id}.request.json`)!.messages;
      expect(messages.map((m) => m.ruleId)).toEqual(["pathway-not-loaded"]);
      expect(messages[0]!.message).toMatch(reason);
      expect(messages[0]!.message).toMatch(/^pathwaykit\.manifest\.json: .*Nothing was read or written for it\.$/);
    }
    expect(report.find((r) => r.filePath === "good.request.json")!.messages).toEqual([]);
  });
});

describe("lint: the config's requests section", () => {
  const lintWith = (requests: unknown[]) => {
    write("pathway.config.json", JSON.stringify({ rules: { "unreachable-node": "off", "dead-end": "off" }, requests }));
    write("calls/a.json", JSON.stringify({ phone_number: "+14155550123", pathway_id: "p", request_data: { name: "A", company: "B" } }));
    return Promise.all(FORMATS.map((format) => run(["lint", "orders.json", ...format])));
  };

  it.each<[string, RegExp]>([
    ["../outside/.env", /pathway\.config\.json requests\[0\]\.pathway "\.\.\/outside\/\.env" leaves the config's folder \(through \.\.\)/],
    ["calls/../../outside/.env", /requests\[0\]\.pathway "calls\/\.\.\/\.\.\/outside\/\.env" leaves the config's folder/],
    ...(unix ? [<[string, RegExp]>["link/.env", /requests\[0\]\.pathway "link\/\.env" leads outside the config's folder through a symbolic link/]] : []),
  ])("a pathway %s is refused unread for each request file of the group (exit 2)", async (pathway, message) => {
    const results = await lintWith([{ files: "calls/*.json", pathway }]);
    for (const result of results) {
      noSecret(result);
      expect(result.code).toBe(2);
    }
    const report = JSON.parse(results[1]!.stdout) as { filePath: string; messages: { ruleId: string; message: string }[] }[];
    expect(report.find((r) => r.filePath === "calls/a.json")!.messages).toMatchObject([
      { ruleId: "pathway-not-loaded", message: expect.stringMatching(message) },
    ]);
  });

  it("an absolute pathway outside the project is refused too", async () => {
    const [text] = await lintWith([{ files: "calls/*.json", pathway: path.join(outer, "outside/.env") }]);
    noSecret(text!);
    expect(text!.stdout).toMatch(/requests\[0\]\.pathway ".*\.env" is an absolute path outside the config's folder/);
  });

  it.each<[string, RegExp]>([
    ["../outside/*.request.json", /requests\[0\]\.files "\.\.\/outside\/\*\.request\.json" starts in a folder that leaves the config's folder/],
    ["{..,calls}/outside/*.request.json", /climbs with \.\. after a wildcard/],
    ...(unix ? [<[string, RegExp]>["link/*.request.json", /starts in a folder that leads outside the config's folder through a symbolic link/]] : []),
  ])("a files glob %s that starts outside is not searched (exit 2, nothing outside read)", async (files, message) => {
    const results = await lintWith([{ files, pathway: "orders.json" }]);
    for (const result of results) {
      noSecret(result);
      expect(result.stdout).not.toContain("x.request.json");
      expect(result.code).toBe(2);
    }
    expect(results[0]!.stdout).toMatch(message);
  });

  it("an absolute files glob is refused before any search: /**/*.request.json and one naming the folder outside", async () => {
    for (const files of ["/**/*.request.json", path.join(outer, "outside/**/*.request.json")]) {
      // Refused before any search: a walk of / would take minutes of CPU.
      const {
        value: [text, json],
        ms,
      } = await measureCpu(() => lintWith([{ files, pathway: "orders.json" }]));
      expect(ms).toBeLessThan(5000);
      noSecret(text!);
      expect(text!.code).toBe(2);
      expect(text!.stdout).toMatch(
        /requests\[0\]\.files ".*\*\*\/\*\.request\.json" starts in a folder that is an absolute path outside the config's folder.*Nothing was searched for it/,
      );
      expect(json!.stdout).not.toContain("x.request.json");
    }
  });

  it.runIf(unix)("a matched file that is a symbolic link out of the project is not read", async () => {
    symlinkSync(path.join(outer, "outside/x.request.json"), path.join(project, "calls-out.request.json"));
    const [text] = await lintWith([{ files: "*.request.json", pathway: "orders.json" }]);
    noSecret(text!);
    expect(text!.code).toBe(2);
    expect(text!.stdout).toMatch(
      /calls-out\.request\.json \(matched by pathway\.config\.json requests\[0\]\.files\) leads outside the config's folder through a symbolic link/,
    );
  });

  it("globs and pathways inside the config's folder, ../ that climbs back in included, are still read", async () => {
    const [text] = await lintWith([{ files: "calls/../calls/*.json", pathway: "calls/../orders.json" }]);
    expect(text!.code).toBe(0);
  });
});

describe("test: a scenario's pathway: and mocks:", () => {
  const scenario = (fields: string) => `name: S\n${fields}\nturns:\n  - user: hi\n`;
  it.each<[string, RegExp]>([
    ["pathway: ../../outside/.env", /pathway: "\.\.\/\.\.\/outside\/\.env" leaves the project folder \(the working directory\) \(through \.\.\)/],
    [`pathway: ${JSON.stringify("/etc/passwd")}`, /pathway: "\/etc\/passwd" is an absolute path outside the project folder/],
    ["pathway: ../orders.json\nmocks: ../../outside/.env", /mocks: "\.\.\/\.\.\/outside\/\.env" leaves the project folder/],
    ...(unix
      ? [
          <[string, RegExp]>[
            "pathway: ../link/.env",
            /pathway: "\.\.\/link\/\.env" leads outside the project folder \(the working directory\) through a symbolic link/,
          ],
        ]
      : []),
  ])("%s is refused unread (exit 2), in text and JSON", async (fields, message) => {
    write("scenarios/s.scenario.yaml", scenario(fields));
    for (const format of [[], ["--format", "json"], ["--format", "junit"]]) {
      const result = await run(["test", "scenarios/", ...format]);
      noSecret(result);
      expect(result.code).toBe(2);
    }
    expect((await run(["test", "scenarios/"])).stdout + (await run(["test", "scenarios/"])).stderr).toMatch(message);
  });

  it("the project root is the nearest folder with .git, package.json, pathway.config.json or the manifest above the scenario", async () => {
    // A package inside the project: its scenarios may not reach the project's other files.
    write("pkg/package.json", "{}");
    write("pkg/scenarios/s.scenario.yaml", scenario("pathway: ../../orders.json"));
    const refused = await run(["test", "pkg/scenarios/"]);
    expect(refused.code).toBe(2);
    expect(refused.stdout + refused.stderr).toMatch(/leaves the project folder pkg \(through \.\.\)/);
    write("pkg/orders.json", JSON.stringify(PATHWAY));
    write("pkg/scenarios/s.scenario.yaml", scenario("pathway: ../orders.json"));
    expect((await run(["test", "pkg/scenarios/", "--format", "json"])).stdout).toContain('"pathway": "pkg/orders.json"');
  });
});
