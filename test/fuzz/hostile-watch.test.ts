// Hostile pass over `--watch`: what a local process or a checkout does to a watched folder while lint runs on each save, one row each, against one real watch.
// The quick run applies each row once; PATHWAYKIT_FUZZ_RUNS=200 npx vitest run test/fuzz/hostile-watch.test.ts also applies that many generated changes.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, tempDir } from "../support/cli.js";
import { fuzzRuns, LONG_FUZZ } from "../support/fuzz.js";
import { startWatch, type WatchProcess } from "../support/watch-process.js";

const SECRET = "SECRET-WATCH-OUTSIDE-61";
const ENV_MARKER = "WATCH-ENV-MARKER-0b7";
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2028\u2029]/;
const GOOD = readFileSync(path.join(ROOT, "pathways/appointment-booking.json"), "utf8");
const unix = process.platform !== "win32";

let outer: string;
let root: string;
/** The same folder watched twice: JSON lines (one per run) and text (a header per run). */
let json: WatchProcess;
let text: WatchProcess;
const at = (file: string) => path.join(root, file);
const put = (file: string, content = GOOD) => {
  mkdirSync(path.dirname(at(file)), { recursive: true });
  writeFileSync(at(file), content);
};

beforeAll(async () => {
  outer = tempDir("pathwaykit-hostile-watch-");
  root = path.join(outer, "project");
  mkdirSync(path.join(outer, "outside"), { recursive: true });
  writeFileSync(path.join(outer, "outside/secret.json"), GOOD.replace('"Appointment booking"', JSON.stringify(SECRET)));
  put("package.json", "{}");
  put("pathways/ok.json");
  put("pathways/inside.json");
  const env = { PATHWAYKIT_TEST_MARKER: ENV_MARKER };
  json = startWatch(["lint", "pathways/", "--watch", "--format", "json"], root, env);
  text = startWatch(["lint", "pathways/", "--watch"], root, env);
  await Promise.all([json, text].map((w) => w.waitFor((_, err) => err.includes("pathway: watching"))));
}, 60_000);

afterAll(async () => {
  for (const w of [json, text]) {
    if (!w) continue;
    expect(await w.stop()).toBe(0);
    expect(w.stdout() + w.stderr()).not.toMatch(new RegExp(`${SECRET}|${ENV_MARKER}|root:x:0`));
    expect(w.stdout() + w.stderr()).not.toMatch(RAW);
    expect(w.stderr()).not.toMatch(/internal error|^\s+at .*:\d+:\d+\)?$/m);
  }
});

let barriers = 0;
/** Saves a new clean pathway and waits until both watches have linted it: whatever a row did before was seen by then. */
async function barrier(): Promise<void> {
  const name = `pathways/zz-barrier-${++barriers}.json`;
  put(name);
  await Promise.all([json, text].map((w) => w.waitFor((out) => out.includes(name), 40_000)));
}

/** One hostile change to the watched folder, and what the runs after it must show. */
interface Row {
  name: string;
  act: () => void | Promise<void>;
  /** Text the JSON watch must print after the change (waited for). */
  json?: RegExp;
  /** Text the text watch must print after the change (waited for). */
  text?: RegExp;
  /** Text the JSON watch (which lists the files it linted) may not print after the change. */
  never?: RegExp;
  /** Puts back what the change broke for every later run (a config that does not load fails each run). */
  undo?: () => void;
}

const ROWS: Row[] = [
  { name: "a file created and deleted before the watch settles", act: () => (put("pathways/blink.json"), unlinkSync(at("pathways/blink.json"))) },
  {
    name: "200 renames in a burst",
    act: () => {
      put("pathways/r0.json");
      for (let i = 0; i < 200; i++) renameSync(at(`pathways/r${i}.json`), at(`pathways/r${i + 1}.json`));
      unlinkSync(at("pathways/r200.json"));
    },
  },
  {
    name: "500 files written at once, then removed",
    act: async () => {
      for (let i = 0; i < 500; i++) put(`pathways/bulk/${i}.json`, "{}");
      await Promise.all([json, text].map((w) => w.waitFor((out) => out.includes("pathways/bulk/499.json"))));
      rmSync(at("pathways/bulk"), { recursive: true });
    },
  },
  {
    name: "50 saves of one file in a burst",
    act: () => {
      for (let i = 0; i < 50; i++) put("pathways/saved.json", i === 49 ? "{}" : GOOD);
    },
    json: /pathways\/saved\.json[^\n]*pathway-shape/,
  },
  {
    name: "a pathway renamed over another",
    act: () => (put("pathways/spare.json", "{}"), renameSync(at("pathways/spare.json"), at("pathways/inside.json"))),
    json: /pathways\/inside\.json[^\n]*pathway-shape/,
  },
  {
    name: "bytes that are not UTF-8 in a pathway",
    act: () => writeFileSync(at("pathways/bytes.json"), Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
    json: /pathways\/bytes\.json/,
  },
  { name: "a pathway emptied", act: () => put("pathways/inside.json", ""), json: /pathways\/inside\.json[^\n]*parse-error/ },
  ...(unix
    ? [
        { name: "a FIFO named like a pathway", act: () => execFileSync("mkfifo", [at("pathways/fifo.json")]) },
        {
          name: "a socket named like a pathway",
          act: () =>
            execFileSync(process.execPath, [
              "-e",
              `require("net").createServer().listen(${JSON.stringify(at("pathways/sock.json"))}, function () { process.exit(0); })`,
            ]),
        },
        {
          name: "a 1 GB sparse file",
          act: () => execFileSync("truncate", ["-s", "1G", at("pathways/huge.json")]),
          json: /pathways\/huge\.json: is 1024 MiB, over the limit of 256 MiB/,
        },
      ]
    : []),
  {
    name: "a name with terminal escapes, BEL and OSC",
    act: () => put("pathways/t\u001b[2J\u001b]0;owned\u0007.json", "{}"),
    json: /t\\u001b\[2J\\u001b\]0;owned\\u0007\.json/,
    text: /RERUN .*t\\u001b\[2J\\u001b\]0;owned\\u0007\.json/,
  },
  {
    name: "a name with a right-to-left override and a line separator",
    act: () => put("pathways/x\u202e\u2028y.json", "{}"),
    json: /x\\u202e\\u2028y\.json/,
    text: /x\\u202e\\u2028y\.json/,
  },
  { name: "a name that is not UTF-8", act: () => writeFileSync(Buffer.from(`${at("pathways")}/\xff.json`, "latin1"), "{}") },
  {
    name: "node names holding terminal escapes",
    act: () =>
      put(
        "pathways/names.json",
        JSON.stringify({ nodes: [{ id: "s", type: "Default", data: { name: "Greeting\u001b[2J\u009b31m\u202e", isStart: true, text: "Hi" } }], edges: [] }),
      ),
    json: /Greeting\\u001b\[2J\\u009b31m\\u202e/,
    text: /Greeting\\u001b\[2J\\u009b31m\\u202e/,
  },
  { name: "a link to a pathway inside", act: () => symlinkSync("ok.json", at("pathways/alias.json")) },
  { name: "a link to a pathway outside", act: () => symlinkSync(path.join(outer, "outside/secret.json"), at("pathways/leak.json")) },
  {
    name: "a link swapped from inside to outside after the watch started",
    act: () => {
      symlinkSync("ok.json", at("pathways/swap.json"));
      unlinkSync(at("pathways/swap.json"));
      symlinkSync(path.join(outer, "outside/secret.json"), at("pathways/swap.json"));
    },
  },
  { name: "a link to /dev/zero", act: () => symlinkSync("/dev/zero", at("pathways/zero.json")) },
  { name: "a link to /proc/self/environ", act: () => symlinkSync("/proc/self/environ", at("pathways/env.json")) },
  { name: "a link to /", act: () => symlinkSync("/", at("pathways/disk")) },
  {
    name: "two links pointing at each other",
    act: () => (symlinkSync("loop2.json", at("pathways/loop1.json")), symlinkSync("loop1.json", at("pathways/loop2.json"))),
  },
  { name: "a file replaced by a folder of its name", act: () => (unlinkSync(at("pathways/saved.json")), mkdirSync(at("pathways/saved.json"))) },
  { name: "a folder replaced by a file of its name", act: () => (rmSync(at("pathways/saved.json"), { recursive: true }), put("pathways/saved.json", "{}")) },
  {
    name: "a folder of 10,000 files that are not pathways",
    act: () => {
      mkdirSync(at("pathways/many"));
      for (let i = 0; i < 10_000; i++) writeFileSync(at(`pathways/many/${i}.txt`), "");
    },
  },
  {
    name: "a pathway 50 folders deep",
    act: () => put(`pathways/${Array.from({ length: 50 }, () => "d").join("/")}/deep.json`, "{}"),
    json: /d\/d\/deep\.json/,
  },
  {
    name: "a config that does not parse",
    act: () => put("pathway.config.json", "{not json"),
    json: /"ok":false,"error":\{"code":"config"/,
    text: /pathway\.config\.json is not valid JSON/,
    undo: () => unlinkSync(at("pathway.config.json")),
  },
  {
    name: "a config with __proto__ keys",
    act: () => put("pathway.config.json", '{"rules": {"__proto__": "off"}, "__proto__": {"ignore": ["**"]}}'),
    json: /"code":"config"/,
    undo: () => unlinkSync(at("pathway.config.json")),
  },
  { name: "a config that ignores everything", act: () => put("pathway.config.json", '{"ignore": ["**"]}'), undo: () => unlinkSync(at("pathway.config.json")) },
  {
    name: "changes inside .git and node_modules",
    act: () => (put(".git/x.json", "{}"), put("node_modules/x/x.json", "{}")),
    never: /\.git\/x\.json|node_modules\/x/,
  },
  { name: "a pathway in a hidden folder", act: () => put("pathways/.hidden/x.json", "{}"), never: /\.hidden\/x\.json/ },
  { name: "a name with a newline", act: () => put("pathways/nl\nx.json", "{}"), json: /nl\\nx\.json/, text: /RERUN {2}[^\n]*nl\\nx\.json/ },
  {
    name: "a config that is a link to /etc/passwd",
    act: () => symlinkSync("/etc/passwd", at("pathway.config.json")),
    json: /"code":"config"[^\n]*symbolic link that leads outside the project/,
    undo: () => unlinkSync(at("pathway.config.json")),
  },
  {
    name: "a folder with a hidden folder in it removed and made again",
    act: () => {
      put("pathways/sub/.cache/x.json", "{}");
      rmSync(at("pathways/sub"), { recursive: true });
      put("pathways/sub/again.json", "{}");
    },
    json: /pathways\/sub\/again\.json/,
  },
  {
    name: "the watched folder of pathways removed and made again",
    act: () => (rmSync(at("pathways"), { recursive: true }), put("pathways/back.json", "{}")),
    json: /pathways\/back\.json/,
  },
];

describe.runIf(unix)("--watch, hostile inputs", () => {
  it("holds at least 34 distinct inputs", () => {
    expect(new Set(ROWS.map((r) => r.name)).size).toBe(ROWS.length);
    expect(ROWS.length).toBeGreaterThanOrEqual(34);
  });

  for (const row of ROWS) {
    it(row.name, async () => {
      const from = { json: json.stdout().length, out: text.stdout().length, err: text.stderr().length };
      const textSince = (out: string, err: string) => out.slice(from.out) + err.slice(from.err);
      await row.act();
      if (row.json) await json.waitFor((out) => row.json!.test(out.slice(from.json)), 30_000);
      if (row.text) await text.waitFor((out, err) => row.text!.test(textSince(out, err)), 30_000);
      row.undo?.();
      await barrier();
      if (row.never) expect(json.stdout().slice(from.json)).not.toMatch(row.never);
      for (const w of [json, text]) expect(w.stdout() + w.stderr()).not.toMatch(new RegExp(`${SECRET}|${ENV_MARKER}`));
    });
  }

  it("keeps its memory bounded through all of it", () => {
    for (const w of [json, text]) {
      const status = readFileSync(`/proc/${w.pid}/status`, "utf8");
      expect(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024).toBeLessThan(512 * 1024 * 1024);
    }
  });
});

describe.runIf(unix)("--watch, generated changes", () => {
  it(
    "survives any sequence of saves, removals, renames and links, and lints on",
    async () => {
      const name = fc.constantFrom("a", "b", "c", "d/e", "f\u001b", "g\n");
      const step = fc.oneof(
        fc.record({ op: fc.constant("save" as const), name, content: fc.oneof(fc.constant(GOOD), fc.string({ maxLength: 20 })) }),
        fc.record({ op: fc.constantFrom("remove" as const, "folder" as const), name }),
        fc.record({ op: fc.constant("rename" as const), name, to: name }),
        fc.record({ op: fc.constant("link" as const), name, to: fc.constantFrom("../outside/secret.json", "/", "ok.json", "missing.json") }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
          for (const s of steps) {
            const file = at(`pathways/gen/${s.name}.json`);
            mkdirSync(path.dirname(file), { recursive: true });
            try {
              if (s.op === "save") writeFileSync(file, s.content);
              else if (s.op === "remove") rmSync(file, { recursive: true, force: true });
              else if (s.op === "folder") rmSync(file, { recursive: true, force: true }), mkdirSync(file);
              else if (s.op === "rename") renameSync(file, at(`pathways/gen/${s.to}.json`));
              else if (s.op === "link") symlinkSync(s.to.startsWith("/") || s.to === "ok.json" ? s.to : path.join(outer, "outside/secret.json"), file);
            } catch {
              // A rename of nothing, a link over a file: the folder is as it is, and that is the input.
            }
          }
          await barrier();
        }),
        { numRuns: fuzzRuns(3) },
      );
      rmSync(at("pathways/gen"), { recursive: true, force: true });
    },
    LONG_FUZZ ? 0 : 60_000,
  );
});

describe.runIf(unix)("--watch, a folder it may not read", () => {
  it("leaves the folder out and watches the rest (a folder made unreadable at the start ended it)", async () => {
    const dir = tempDir("pathwaykit-hostile-watch-locked-");
    writeFileSync(path.join(dir, "package.json"), "{}");
    mkdirSync(path.join(dir, "pathways/locked"), { recursive: true });
    writeFileSync(path.join(dir, "pathways/ok.json"), GOOD);
    writeFileSync(path.join(dir, "pathways/locked/x.json"), "{}");
    chmodSync(path.join(dir, "pathways/locked"), 0o000);
    // Permissions do not stop root: as root the watch runs as nobody, in a folder nobody can reach.
    const root = process.getuid?.() === 0;
    if (root) chmodSync(dir, 0o755), chmodSync(tmpdir(), 0o711);
    const w = startWatch(["lint", "pathways/", "--watch", "--format", "json"], dir, {}, root ? { uid: 65534, gid: 65534 } : {});
    try {
      await w.waitFor((_, err) => err.includes("pathway: watching"));
      writeFileSync(path.join(dir, "pathways/later.json"), "{}");
      await w.waitFor((out) => out.includes("pathways/later.json"));
      expect(w.stderr()).not.toMatch(/internal error|EACCES/);
    } finally {
      expect(await w.stop()).toBe(0);
      chmodSync(path.join(dir, "pathways/locked"), 0o755);
    }
  });
});
