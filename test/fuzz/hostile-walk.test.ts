// Hostile pass over folder walking: what a pull request (links, odd names, configs) or a local process (FIFOs, swaps mid-run) leaves in a folder that is linted or validated, one row each.
// The quick run walks each row once; PATHWAYKIT_FUZZ_RUNS=500 npx vitest run test/fuzz/hostile-walk.test.ts also walks that many generated folders.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandInputs, readInput } from "../../src/engine/project/inputs.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { measureCpu } from "../support/cpu-time.js";
import { fuzzRuns, LONG_FUZZ } from "../support/fuzz.js";
import { runMain, type MainResult } from "../support/run-main.js";

const SECRET = "DB_PASSWORD=hunter2-walk";
const ENV_MARKER = "WALK-ENV-MARKER-5d1";
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2028\u2029]/;
const unix = process.platform !== "win32";
/** A pathway with no findings: whatever a row reports comes from the row. */
const GOOD = readFileSync(path.join(ROOT, "pathways/appointment-booking.json"), "utf8");
const PATHWAY = JSON.parse(GOOD) as Record<string, unknown>;

/** A project beside a folder outside it holding a secret (a valid pathway, so only the confinement keeps it out). */
function project(): { root: string; outer: string; put: (file: string, text?: string) => string; link: (target: string, at: string) => void } {
  const outer = tempDir("pathwaykit-hostile-walk-");
  const root = path.join(outer, "project");
  mkdirSync(path.join(outer, "outside"), { recursive: true });
  mkdirSync(path.join(root, "pathways"), { recursive: true });
  writeFileSync(path.join(outer, "outside/secret.json"), JSON.stringify({ ...PATHWAY, name: SECRET }));
  writeFileSync(path.join(outer, "outside/not-json.txt"), `${SECRET}\n`);
  writeFileSync(path.join(root, "package.json"), "{}");
  writeFileSync(path.join(root, "pathways/ok.json"), GOOD);
  const put = (file: string, text = GOOD) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
    return path.join(root, file);
  };
  const link = (target: string, at: string) => {
    mkdirSync(path.dirname(path.join(root, at)), { recursive: true });
    symlinkSync(target, path.join(root, at));
  };
  return { root, outer, put, link };
}

type Project = ReturnType<typeof project>;

/** One hostile folder: how it is made, what is run in it, and what must hold of the outcome. */
interface Row {
  name: string;
  make: (p: Project) => void;
  /** The command (default: `validate pathways/`); run in-process unless `spawn` (when the process's own environment matters). */
  args?: string[];
  spawn?: boolean;
  /** Checks beyond the common ones (no secret, no raw control character, no stack, no internal error). */
  expect: (r: MainResult, p: Project) => void;
  /** Most CPU time the run may take, in ms (a link to / or a brace bomb must not walk or expand everything). */
  cpuMs?: number;
}

const skipsLink =
  (...links: string[]) =>
  (r: MainResult) => {
    expect(r.stdout + r.stderr).toContain("Skipped: a symbolic link (found in");
    for (const l of links) expect(r.stdout + r.stderr).toContain(l);
  };
const readsOk = (r: MainResult) => expect(r.stdout + r.stderr).not.toMatch(/^pathways\/ok\.json$/m);
const says = (pattern: RegExp) => (r: MainResult) => expect(r.stdout + r.stderr).toMatch(pattern);
const exits =
  (code: number, also: (r: MainResult) => void = () => {}) =>
  (r: MainResult) => {
    expect(r.code, r.stdout + r.stderr).toBe(code);
    also(r);
  };

const ROWS: Row[] = [
  // Links a pull request can add.
  {
    name: "a chain of links in the project ending outside",
    make: (p) => (p.link("b", "pathways/a.json"), p.link("../../outside/secret.json", "pathways/b")),
    expect: skipsLink("pathways/a.json"),
  },
  { name: "a chain of links that stays inside", make: (p) => (p.link("b.json", "pathways/a.json"), p.link("ok.json", "pathways/b.json")), expect: exits(0) },
  {
    name: "two links pointing at each other",
    make: (p) => (p.link("loop2.json", "pathways/loop1.json"), p.link("loop1.json", "pathways/loop2.json")),
    expect: exits(0),
  },
  { name: "a link to itself", make: (p) => p.link("self.json", "pathways/self.json"), expect: exits(0) },
  { name: "a link to a missing file", make: (p) => p.link("gone.json", "pathways/dangling.json"), expect: exits(0) },
  { name: "a link to /etc/passwd", make: (p) => p.link("/etc/passwd", "pathways/passwd.json"), expect: skipsLink("pathways/passwd.json") },
  {
    name: "a link to /proc/self/environ",
    make: (p) => p.link("/proc/self/environ", "pathways/env.json"),
    spawn: true,
    expect: (r) => (skipsLink("pathways/env.json")(r), expect(r.stdout + r.stderr).not.toContain(ENV_MARKER)),
  },
  { name: "a link to /proc/self/fd/0", make: (p) => p.link("/proc/self/fd/0", "pathways/fd.json"), expect: exits(0) },
  { name: "a link to /proc/self/cwd (the project itself)", make: (p) => p.link("/proc/self/cwd", "pathways/cwd"), expect: exits(0) },
  { name: "a link to /proc/self/root", make: (p) => p.link("/proc/self/root", "pathways/root"), expect: skipsLink("pathways/root"), cpuMs: 2000 },
  { name: "a link to /dev/zero", make: (p) => p.link("/dev/zero", "pathways/zero.json"), expect: skipsLink("pathways/zero.json") },
  { name: "a link to /", make: (p) => p.link("/", "pathways/disk"), expect: skipsLink("pathways/disk"), cpuMs: 2000 },
  { name: "a link to a folder outside", make: (p) => p.link(path.join(p.outer, "outside"), "pathways/ext"), expect: skipsLink("pathways/ext") },
  { name: "a link to the folder holding it", make: (p) => p.link(".", "pathways/here"), expect: exits(0) },
  { name: "a link to the project root", make: (p) => p.link("..", "pathways/up"), expect: exits(0) },
  {
    name: "a link inside the project given as an absolute path",
    make: (p) => p.link(path.join(p.root, "pathways/ok.json"), "pathways/abs.json"),
    expect: exits(0),
  },
  {
    name: "a link into a sibling folder of the project (read once)",
    make: (p) => (p.put("shared/common.json"), p.link("../shared", "pathways/shared")),
    expect: (r) => expect(r.code).toBe(0),
  },
  {
    name: "a relative link climbing out through ../..",
    make: (p) => p.link("../../outside/not-json.txt", "pathways/notes.json"),
    expect: skipsLink("pathways/notes.json"),
  },
  // Files that are not files, or not readable as such.
  ...(unix
    ? [
        { name: "a FIFO named like a pathway", make: (p: Project) => execFileSync("mkfifo", [path.join(p.root, "pathways/fifo.json")]), expect: exits(0) },
        {
          name: "a socket named like a pathway",
          make: (p: Project) =>
            execFileSync(process.execPath, [
              "-e",
              `require("net").createServer().listen(${JSON.stringify(path.join(p.root, "pathways/sock.json"))}, function () { process.exit(0); })`,
            ]),
          expect: exits(0),
        },
        {
          name: "a link to a FIFO inside the project",
          make: (p: Project) => (execFileSync("mkfifo", [path.join(p.root, "fifo")]), p.link("../fifo", "pathways/to-fifo.json")),
          expect: exits(2, says(/named pipe/)),
        },
        {
          name: "a 1 GB sparse file",
          make: (p: Project) => execFileSync("truncate", ["-s", "1G", path.join(p.root, "pathways/huge.json")]),
          expect: exits(2, says(/pathways\/huge\.json: is 1024 MiB, over the limit of 256 MiB/)),
          cpuMs: 2000,
        },
      ]
    : []),
  {
    name: "a file whose name is not UTF-8",
    make: (p) => writeFileSync(Buffer.from(`${path.join(p.root, "pathways")}/\xff\xfe.json`, "latin1"), GOOD),
    expect: exits(2, says(/no such file or directory/)),
  },
  // Names a terminal or a log would act on.
  {
    name: "a name with a newline (it started a line of its own)",
    make: (p) => p.put("pathways/nl\n  1:1  error  forged.json", "{}"),
    expect: (r) => (
      expect(r.stdout).toMatch(/^pathways\/nl\\n {2}1:1 {2}error {2}forged\.json$/m), expect(r.stdout).not.toMatch(/^ {2}1:1 {2}error {2}forged/m)
    ),
  },
  {
    name: "a scenario name with a newline (it started a line of its own)",
    make: (p) => p.put("pathways/s.scenario.yaml", 'name: "x\\n  ✔ all 99 passed"\npathway: ok.json\nturns:\n  - user: hi\n'),
    args: ["test", "pathways/"],
    expect: (r) => expect(r.stdout).not.toMatch(/^\s+✔ all 99 passed/m),
  },
  {
    name: "a name with terminal escapes, BEL and OSC",
    make: (p) => p.put("pathways/t\u001b[2J\u001b]0;owned\u0007.json", "{}"),
    expect: says(/pathways\/t\\u001b\[2J\\u001b\]0;owned\\u0007\.json/),
  },
  { name: "a name with a right-to-left override", make: (p) => p.put("pathways/invoice\u202egnp.json", "{}"), expect: says(/invoice\\u202egnp\.json/) },
  { name: "a name with a line separator", make: (p) => p.put("pathways/a\u2028b.json", "{}"), expect: says(/a\\u2028b\.json/) },
  {
    name: "names in the JSON format",
    make: (p) => p.put("pathways/j\u001b\u009b\u202e.json", "{}"),
    args: ["validate", "pathways/", "--format", "json"],
    expect: (r) => expect(JSON.parse(r.stdout).map((x: { filePath: string }) => x.filePath)).toContain("pathways/j\u001b\u009b\u202e.json"),
  },
  {
    name: "names in GitHub's annotation format",
    make: (p) => p.put("pathways/g\n::warning::x,title=y.json", "{}"),
    args: ["lint", "pathways/", "--format", "github"],
    expect: (r) => expect(r.stdout).not.toMatch(/^::warning::x/m),
  },
  { name: "a name of 250 bytes", make: (p) => p.put(`pathways/${"é".repeat(122)}.json`, "{}"), expect: exits(1, says(/é{122}\.json/)) },
  { name: "a name that reads as an option", make: (p) => p.put("pathways/--help.json", "{}"), expect: exits(1, says(/pathways\/--help\.json/)) },
  {
    name: "a name that reads as a remote pathway",
    make: (p) => p.put("remote:pw-1.json", "{}"),
    args: ["validate", "."],
    expect: exits(1, says(/^remote:pw-1\.json$/m)),
  },
  {
    name: "names with glob characters",
    make: (p) => (p.put("pathways/[ok].json", "{}"), p.put("pathways/*.json", "{}")),
    expect: exits(1, says(/pathways\/\[ok\]\.json/)),
  },
  // Where the walk never goes.
  { name: "a hidden folder", make: (p) => p.put("pathways/.hidden/x.json", "{}"), expect: exits(0) },
  { name: "node_modules and .git", make: (p) => (p.put("pathways/node_modules/x.json", "{}"), p.put("pathways/.git/x.json", "{}")), expect: exits(0) },
  {
    name: "10,000 other files beside one pathway",
    make: (p) => {
      for (let i = 0; i < 10_000; i++) writeFileSync(path.join(p.root, `pathways/n${i}.txt`), "");
    },
    expect: exits(0),
    cpuMs: 5000,
  },
  {
    name: "a pathway 100 folders deep",
    make: (p) => p.put(`pathways/${Array.from({ length: 100 }, () => "d").join("/")}/deep.json`, "{}"),
    expect: exits(1, says(/deep\.json/)),
  },
  // Globs as a config names them (the user's own arguments are theirs to choose).
  ...["../**/*.request.json", "{..,x}/**/*.request.json", "@(..)/*.request.json", "/etc/*.request.json", "pathways/../../outside/*.request.json"].map(
    (glob): Row => ({
      name: `a config's request glob ${glob}`,
      make: (p) => p.put("pathway.config.json", JSON.stringify({ requests: [{ files: [glob], pathway: "pathways/ok.json" }] })),
      args: ["lint", "pathways/"],
      expect: exits(2, says(/Nothing was searched for it/)),
    }),
  ),
  {
    name: "a glob whose braces expand to 20,000 patterns",
    make: () => {},
    args: ["validate", `pathways/${"{a,b,c,d,e,f,g,h,i,j}".repeat(4)}{a,b}.json`],
    expect: exits(2, says(/matches no files/)),
    cpuMs: 3000,
  },
  {
    name: "a glob with a range of a million",
    make: () => {},
    args: ["validate", "pathways/{1..1000000}.json"],
    expect: exits(2, says(/matches no files/)),
    cpuMs: 3000,
  },
  {
    name: "a glob of 100,000 characters",
    make: () => {},
    args: ["validate", `pathways/${"*a".repeat(50_000)}.json`],
    expect: exits(2, says(/the pattern is 100,014 characters long, more than the 65,536 a glob may have/)),
    cpuMs: 3000,
  },
  {
    name: "a config's glob of 100,000 characters",
    make: (p) => p.put("pathway.config.json", JSON.stringify({ ignore: [`${"*a".repeat(50_000)}.json`] })),
    args: ["lint", "pathways/"],
    expect: exits(2, says(/"ignore\[0\]": a glob is at most 65,536 characters long/)),
  },
  // Configs found by searching upwards.
  ...(unix
    ? [
        {
          name: "a pathway.config.json that is a FIFO",
          make: (p: Project) => execFileSync("mkfifo", [path.join(p.root, "pathways/pathway.config.json")]),
          args: ["lint", "pathways/"],
          expect: exits(0),
        },
      ]
    : []),
  {
    name: "a pathway.config.json that is a link to /etc/passwd",
    make: (p) => p.link("/etc/passwd", "pathways/pathway.config.json"),
    args: ["lint", "pathways/"],
    expect: exits(2, says(/Config file pathways\/pathway\.config\.json is a symbolic link that leads outside the project, so nothing was read from it/)),
  },
  {
    name: "a pathway.config.json that is a link to a JSON file outside",
    make: (p) => (
      writeFileSync(path.join(p.outer, "outside/config.json"), `{"${SECRET}": 1}`), p.link("../../outside/config.json", "pathways/pathway.config.json")
    ),
    args: ["lint", "pathways/"],
    expect: exits(2, says(/symbolic link that leads outside the project/)),
  },
  {
    name: "a pathway.config.json that is a link to a shared config in the repository",
    make: (p) => (
      p.put(".git/HEAD", "ref: refs/heads/main\n"),
      p.put("shared/pathway.config.json", "{}"),
      p.link("../shared/pathway.config.json", "pathways/pathway.config.json")
    ),
    args: ["lint", "pathways/"],
    expect: exits(0),
  },
  {
    name: "a pathwaykit.manifest.json that is a link outside",
    make: (p) => p.link("../outside/secret.json", "pathwaykit.manifest.json"),
    args: ["calls", "fetch", "c-1", "-o", "calls"],
    expect: exits(2, says(/pathwaykit\.manifest\.json is a symbolic link that leads outside the project/)),
  },
  {
    name: "a pathway.config.json that is a folder",
    make: (p) => mkdirSync(path.join(p.root, "pathways/pathway.config.json")),
    args: ["lint", "pathways/"],
    expect: exits(0),
  },
];

async function run(row: Row, p: Project): Promise<MainResult> {
  const args = row.args ?? ["validate", "pathways/"];
  if (row.spawn) return runCli(args, { cwd: p.root, env: { PATHWAYKIT_TEST_MARKER: ENV_MARKER } });
  return runMain(args, { cwd: p.root });
}

describe.runIf(unix)("folder walking, hostile inputs", () => {
  it("holds at least 58 distinct inputs (with the changes between walk and read)", () => {
    expect(new Set([...ROWS.map((r) => r.name), ...SWAPS.map(([name]) => name)]).size).toBe(ROWS.length + SWAPS.length);
    expect(ROWS.length + SWAPS.length).toBeGreaterThanOrEqual(58);
  });

  for (const row of ROWS) {
    it(row.name, async () => {
      const p = project();
      row.make(p);
      const { value: r, ms } = await measureCpu(() => run(row, p));
      const out = r.stdout + r.stderr;
      expect(out).not.toMatch(new RegExp(`${SECRET}|root:x:0|${ENV_MARKER}`));
      expect(out).not.toMatch(RAW);
      expect(out).not.toMatch(/internal error|^\s+at .*:\d+:\d+\)?$/m);
      readsOk(r);
      row.expect(r, p);
      if (row.cpuMs !== undefined && !row.spawn) expect(ms).toBeLessThan(row.cpuMs);
    });
  }
});

/** Changes made to a folder between the walk that found a file and the read of it. */
const SWAPS: [string, (file: string, p: Project) => void, RegExp][] = [
  ["the file deleted", (file) => unlinkSync(file), /no such file/],
  ["the file replaced by a folder", (file) => (unlinkSync(file), mkdirSync(file)), /is a directory/],
  [
    "its folder replaced by a file",
    (file) => (rmSync(path.dirname(file), { recursive: true }), writeFileSync(path.dirname(file), "{}")),
    /not a directory|no such file/,
  ],
  ["the file replaced by a FIFO", (file) => (unlinkSync(file), execFileSync("mkfifo", [file])), /named pipe/],
  ["the file renamed away", (file) => renameSync(file, `${file}.moved`), /no such file/],
];

describe.runIf(unix)("folder walking, a folder changed between walk and read", () => {
  for (const [name, swap, problem] of SWAPS) {
    it(`${name}: a finding naming the file, never a crash or a hang`, async () => {
      const p = project();
      const file = p.put("pathways/sub/x.json");
      const host = createNodeHost({ cwd: p.root });
      const refs = await expandInputs(host, "pathway", ["pathways/"]);
      swap(file, p);
      const read = await Promise.all(refs.map((ref) => readInput(host, ref)));
      const x = read.find((r) => r.path === "pathways/sub/x.json")!;
      expect(x.problem?.message).toMatch(problem);
    });
  }
});

describe.runIf(unix)("folder walking, generated folders", () => {
  it(
    "never reads through a link out, and shows every name escaped",
    async () => {
      const name = fc
        .string({
          unit: fc.constantFrom("a", "b", "\u001b", "\u0007", "\u009b", "\u202e", "\u2028", "\n", " ", "%", ":", "-", "[", "*", "{", "."),
          minLength: 1,
          maxLength: 10,
        })
        .filter((n) => n !== "." && n !== ".." && !n.startsWith("."));
      const target = fc.constantFrom("../../outside/secret.json", "/etc/passwd", "/", "..", "ok.json", "missing.json", "/proc/self/environ");
      await fc.assert(
        fc.asyncProperty(fc.uniqueArray(fc.tuple(name, fc.oneof(target, fc.constant(undefined))), { selector: ([n]) => n, maxLength: 6 }), async (entries) => {
          const p = project();
          for (const [n, to] of entries) to === undefined ? p.put(`pathways/${n}.json`, "{}") : p.link(to, `pathways/${n}.json`);
          const r = await runMain(["validate", "pathways/"], { cwd: p.root });
          expect(r.stdout + r.stderr).not.toMatch(new RegExp(`${SECRET}|root:x:0`));
          expect(r.stdout + r.stderr).not.toMatch(RAW);
          expect(r.stdout + r.stderr).not.toMatch(/internal error/);
        }),
        { numRuns: fuzzRuns(10) },
      );
    },
    LONG_FUZZ ? 0 : 60_000,
  );
});
