// `pathway fetch`, `pathway diff` and `pathway push` end to end against a real loopback fake service.
// Without the corpus the whole file is skipped: its fake service serves the real restaurant and receptionist pathways.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, expect, it } from "vitest";
import { toCanonicalJson } from "../../src/model/index.js";
import type { Fault, FakeService } from "../support/fake-service.js";
import { runMain } from "../support/run-main.js";
import { useServiceProject } from "../support/temp-project.js";
import { CORPUS_DIR, corpusValue, describeCorpus, itCorpus } from "../support/corpus.js";

const REAL = CORPUS_DIR;
const realJson = (name: string) => corpusValue<Record<string, unknown>>(name);

// A function: the corpus is read when a test starts, so a plain clone skips the file instead of failing to load it.
const project = useServiceProject(
  () => ({
    pathways: { "pw-rest": realJson("restaurant-history-6ebf769.json"), "pw-shop": realJson("receptionist-auto-shop.json") },
    forbidden: ["pw-theirs"],
  }),
  {},
  "pathwaykit-remote-",
);
let service: FakeService;
let dir: string;
let env: Record<string, string>;

beforeEach(() => {
  ({ service, dir } = project);
  env = { PATHWAYKIT_BASE_URL: service.url, PATHWAYKIT_API_KEY: service.apiKey };
});

const run = (args: string[], extraEnv: Record<string, string> = {}, stdin?: string) => runMain(args, { cwd: dir, env: { ...env, ...extraEnv }, stdin });
const read = (file: string) => readFileSync(path.join(dir, file), "utf8");
const manifest = () => JSON.parse(read("pathwaykit.manifest.json")) as { pathways: { file: string; id: string; hash?: string }[] };

describeCorpus("pathway fetch", () => {
  itCorpus("writes the remote pathway as canonical JSON and records file, id and hash in the manifest", async () => {
    const result = await run(["fetch", "pw-rest", "-o", "pathways/restaurant.json"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toContain("✔ pw-rest → pathways/restaurant.json (12 nodes, 24 edges)");
    expect(read("pathways/restaurant.json")).toBe(toCanonicalJson(realJson("restaurant-history-6ebf769.json")));
    expect(manifest().pathways).toEqual([
      { file: "pathways/restaurant.json", id: "pw-rest", endpoint: "convo", hash: expect.stringMatching(/^sha256:/), fetchedAt: expect.any(String) },
    ]);
    expect(service.requests[0]).toMatchObject({ path: "/v1/convo_pathway/pw-rest", authorization: service.apiKey });
  });

  itCorpus("colours its marks with --color (it accepted the flag and ignored it), and never without", async () => {
    const coloured = await run(["fetch", "pw-rest", "missing", "--color"]);
    expect(coloured.stdout).toContain("\u001b[32m✔\u001b[39m pw-rest → pathways/");
    expect(coloured.stderr).toContain("\u001b[31m✖\u001b[39m missing: fetching pathway missing");
    const plain = await run(["fetch", "pw-rest", "missing", "--force"]);
    expect(plain.stdout + plain.stderr).not.toContain("\u001b[");
  });

  itCorpus("fetches several ids into --out-dir, and refreshes every manifest pathway when given none", async () => {
    expect((await run(["fetch", "pw-rest", "pw-shop", "--out-dir", "pw", "--endpoint", "pathway"])).code).toBe(0);
    expect(existsSync(path.join(dir, "pw/pw-rest.json")) && existsSync(path.join(dir, "pw/pw-shop.json"))).toBe(true);
    expect(service.requests.map((r) => r.path).sort()).toEqual(["/v1/pathway/pw-rest", "/v1/pathway/pw-shop"]);
    const changed = realJson("restaurant-2024-get-dump.json");
    service.pathways.set("pw-rest", changed);
    const again = await run(["fetch", "--format", "json"]);
    expect(again.code).toBe(0);
    expect((JSON.parse(again.stdout) as { id: string; ok: boolean }[]).map((o) => [o.id, o.ok])).toEqual([
      ["pw-rest", true],
      ["pw-shop", true],
    ]);
    expect(read("pw/pw-rest.json")).toBe(toCanonicalJson(changed));
    expect(service.requests.slice(2).every((r) => r.path.startsWith("/v1/pathway/"))).toBe(true);
  });

  const faults: [string, Fault[], RegExp, string[]][] = [
    ["a wrong key", [], /rejected the API key \(401/, ["--retries", "0"]],
    ["a slow service", [{ type: "delay", ms: 500 }], /within 100 ms/, ["--retries", "0", "--timeout", "100ms"]],
    [
      "a persistent 429",
      [
        { type: "status", status: 429, retryAfter: "0" },
        { type: "status", status: 429, retryAfter: "0" },
      ],
      /rate limited \(429.*gave up after 2 attempts/,
      ["--retries", "1"],
    ],
    ["a 500", [{ type: "status", status: 500 }], /the service failed \(500\)/, ["--retries", "0"]],
    ["a connection dropped mid-body", [{ type: "drop-mid-body" }], /cut short/, ["--retries", "0"]],
    ["a body that is not JSON", [{ type: "invalid-json" }], /is not JSON/, []],
    ["a body cut short", [{ type: "body", body: '{"name": "x", "nodes": [' }], /ends in the middle of the JSON/, []],
    ["`nodes: false`", [{ type: "body", body: '{"name": "x", "nodes": false, "edges": false}' }], /"nodes": false/, []],
  ];
  for (const [what, list, message, flags] of faults) {
    it(`leaves the file byte for byte unchanged and exits 2 on ${what}`, async () => {
      const file = path.join(dir, "restaurant.json");
      const before = '  {"name": "my local edits" }  ';
      writeFileSync(file, before);
      for (const f of list) service.addFault(f);
      const result = await run(
        ["fetch", "pw-rest", "-o", "restaurant.json", ...flags],
        what === "a wrong key" ? { PATHWAYKIT_API_KEY: "wrong-key-98765" } : {},
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr + result.stdout).not.toContain("wrong-key-98765");
      expect(result.stderr + result.stdout).not.toContain(service.apiKey);
      expect(readFileSync(file, "utf8")).toBe(before);
      expect(existsSync(path.join(dir, "pathwaykit.manifest.json"))).toBe(false);
    });
  }

  it("retries a 429 after the Retry-After wait and then writes the file", async () => {
    service.addFault({ type: "status", status: 429, retryAfter: "0" });
    expect((await run(["fetch", "pw-rest", "-o", "r.json"])).code).toBe(0);
    expect(service.requests).toHaveLength(2);
  });

  it("writes the ids that worked and reports the ones that did not", async () => {
    const result = await run(["fetch", "pw-rest", "missing", "pw-theirs"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("✖ missing: fetching pathway missing: not found (404)");
    expect(result.stderr).toMatch(/✖ pw-theirs: .*403 Forbidden/);
    expect(manifest().pathways.map((e) => e.id)).toEqual(["pw-rest"]);
  });

  itCorpus("downloads several pathways with bounded concurrency", async () => {
    const ids = ["p1", "p2", "p3", "p4", "p5", "p6"];
    for (const id of ids) {
      service.pathways.set(id, realJson("docs-get-pathway-version-example.json"));
      service.addFault({ type: "delay", ms: 60 });
    }
    const result = await run(["fetch", ...ids, "--concurrency", "2"]);
    expect(result.code).toBe(0);
    expect(service.maxInFlight).toBe(2);
    expect(manifest().pathways.map((e) => e.file)).toEqual(ids.map((id) => `pathways/${id}.json`));
  });

  it("says a long wait before a retry (a 429's Retry-After) without PATHWAYKIT_DEBUG, and stays quiet on short ones", async () => {
    service.addFault({ type: "status", status: 429, retryAfter: "1" });
    const long = await run(["fetch", "pw-rest", "-o", "r.json"]);
    expect(long.code).toBe(0);
    expect(long.stderr).toMatch(/^pathway: retrying http:\/\/127\.0\.0\.1:\d+\/v1\/convo_pathway\/pw-rest in 1 s \(429; attempt 1 of 4\)$/m);
    service.addFault({ type: "status", status: 503, retryAfter: "0" });
    expect((await run(["fetch", "pw-rest", "-o", "r.json"])).stderr).not.toMatch(/retrying/);
  });

  it("logs retries with PATHWAYKIT_DEBUG, never the key", async () => {
    service.addFault({ type: "status", status: 503, retryAfter: "0" });
    const result = await run(["fetch", "pw-rest", "-o", "r.json"], { PATHWAYKIT_DEBUG: "1" });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/retrying http:\/\/127\.0\.0\.1:\d+\/v1\/convo_pathway\/pw-rest in 0 ms \(503; attempt 1 of 4\)/);
    expect(result.stderr).not.toContain(service.apiKey);
  });

  it("--no-manifest writes the file and no manifest; -o - prints to stdout", async () => {
    expect((await run(["fetch", "pw-rest", "-o", "r.json", "--no-manifest"])).code).toBe(0);
    expect(existsSync(path.join(dir, "pathwaykit.manifest.json"))).toBe(false);
    const printed = await run(["fetch", "pw-rest", "-o", "-", "--no-manifest"]);
    expect(printed.stdout).toBe(read("r.json"));
  });

  itCorpus("with -o - and --format json, prints only the pathway on stdout and the outcome report on stderr", async () => {
    const result = await run(["fetch", "pw-rest", "-o", "-", "-f", "json", "--no-manifest"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(toCanonicalJson(realJson("restaurant-history-6ebf769.json")));
    expect(JSON.parse(result.stderr)).toMatchObject([{ id: "pw-rest", file: "-", ok: true, nodes: 12, edges: 24 }]);
  });

  it("shows defaults as a user would write them in --help", async () => {
    const help = (await run(["fetch", "--help"])).stdout;
    expect(help).toContain("(default: 30s)");
    expect(help).toContain("(default: 3)");
    expect(help).toContain("(default: 4)");
    expect(help).toContain("-f, --format <name>");
  });

  for (const [flag, value] of [
    ["--timeout", "abc"],
    ["--timeout", "0"],
    ["--retries", "-1"],
    ["--concurrency", "1.5"],
    ["--endpoint", "graphql"],
  ] as const) {
    it(`exits 2 with a usage error naming ${flag} for ${value}`, async () => {
      const result = await run(["fetch", "pw-rest", flag, value]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`option '${flag} <`);
      expect(result.stderr).toContain(`'${value}' is invalid`);
      expect(service.requests).toHaveLength(0);
    });
  }

  it("stops with the key path when the manifest is broken", async () => {
    writeFileSync(path.join(dir, "pathwaykit.manifest.json"), JSON.stringify({ version: 1, pathways: [{ file: "a.json" }] }));
    const result = await run(["fetch"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/pathwaykit\.manifest\.json: pathways\[0\]\.id: required, missing/);
  });

  it("refuses to send the key over plain http to a remote host", async () => {
    const result = await run(["fetch", "pw-rest", "--base-url", "http://api.example.com"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Refusing to send the API key over plain http");
    expect(service.requests).toHaveLength(0);
  });

  it("says how to set the key when there is none", async () => {
    const result = await run(["fetch", "pw-rest"], { PATHWAYKIT_API_KEY: "" });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("set PATHWAYKIT_API_KEY");
  });
});

describeCorpus("pathway diff", () => {
  const a = path.join(REAL, "restaurant-history-6ebf769.json");
  const b = path.join(REAL, "restaurant-2024-get-dump.json");

  it("exits 1 and shows the one changed field between two real versions", async () => {
    const result = await run(["diff", a, b]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('~ node "Send the order" (id 74e3fdcc-7f38-4e2f-80d3-76618eff8967)');
    expect(result.stdout).toContain("~ data.url:");
    expect(result.stdout).toContain("1 node changed");
  });

  it("prints the library's diff with JSON pointers as --format json", async () => {
    const result = await run(["diff", a, b, "--format", "json"]);
    const diff = JSON.parse(result.stdout) as { changes: { pointerA: string }[] };
    expect(diff.changes.map((c) => c.pointerA)).toEqual(["/nodes/6/data/url"]);
  });

  itCorpus("--include-layout shows layout-only changes that are ignored by default", async () => {
    const moved = realJson("receptionist-auto-shop.json") as { nodes: { position?: unknown }[] };
    moved.nodes[0]!.position = { x: 1, y: 2 };
    writeFileSync(path.join(dir, "moved.json"), JSON.stringify(moved));
    const original = path.join(REAL, "receptionist-auto-shop.json");
    expect((await run(["diff", original, "moved.json"])).code).toBe(0);
    const layout = await run(["diff", original, "moved.json", "--include-layout"]);
    expect(layout.code).toBe(1);
    expect(layout.stdout).toMatch(/~ position\.x: \d+ → 1/);
  });

  it("exits 0 for equal versions, also from stdin", async () => {
    expect((await run(["diff", a, a])).code).toBe(0);
    expect((await run(["diff", "-", a], {}, readFileSync(a, "utf8"))).code).toBe(0);
  });

  it("compares a file with remote:<id>", async () => {
    const result = await run(["diff", b, "remote:pw-rest", "--format", "md"]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("### Pathway diff:");
    expect(result.stdout).toContain("<del>");
  });

  it("draws the diff as Mermaid with the changed node coloured", async () => {
    const result = await run(["diff", a, b, "--format", "mermaid"]);
    expect(result.stdout).toMatch(/^flowchart TD/);
    expect(result.stdout).toMatch(/class n\d+ changed/);
  });

  itCorpus("exits 2 with the place of a syntax error", async () => {
    const result = await run(["diff", path.join(REAL, "docs-get-pathway-example.MALFORMED.json"), a]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/MALFORMED\.json:\d+:\d+: Trailing comma/);
  });

  const notPathways: [string, string, RegExp][] = [
    ["an array", "[1,2]", /found an array/],
    ["nodes: false", '{"nodes":false}', /found "nodes" as boolean false/],
    ["an object without nodes", '{"name":"x"}', /found an object without "nodes"/],
  ];
  for (const [what, text, found] of notPathways) {
    it(`exits 2 naming the file and \`pathway validate\` when one side is ${what}`, async () => {
      writeFileSync(path.join(dir, "one.json"), text);
      writeFileSync(
        path.join(dir, "two.json"),
        text.replace(/1|false|x/, (m) => (m === "1" ? "3" : m === "false" ? "true" : "y")),
      );
      const result = await run(["diff", "one.json", "two.json"]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      // Both sides are bad: the first one, in argument order, is the one named.
      expect(result.stderr).toMatch(/^pathway: one\.json: not a pathway: /);
      expect(result.stderr).toMatch(found);
      expect(result.stderr).toMatch(/run `pathway validate one\.json` to see why/);
    });
  }

  it("names stdin when it is not a pathway", async () => {
    const result = await run(["diff", "-", a], {}, '{"nodes":true}');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("<stdin>: not a pathway");
    expect(result.stderr).toContain("`pathway validate -`");
  });

  it("reports a changed top-level `__proto__` key read from files", async () => {
    writeFileSync(path.join(dir, "p1.json"), '{"__proto__": 1, "nodes": []}');
    writeFileSync(path.join(dir, "p2.json"), '{"__proto__": 2, "nodes": []}');
    for (const extra of [[], ["--include-layout"]]) {
      const result = await run(["diff", "p1.json", "p2.json", "-f", "json", ...extra]);
      expect(result.code).toBe(1);
      expect((JSON.parse(result.stdout) as { changes: unknown[] }).changes).toEqual([expect.objectContaining({ path: ["__proto__"], before: 1, after: 2 })]);
    }
  });

  it("rejects an unknown --format or --concurrency as a usage error naming the flag", async () => {
    const format = await run(["diff", a, b, "-f", "xml"]);
    expect(format.code).toBe(2);
    expect(format.stderr).toMatch(/option '-f, --format <name>' argument 'xml' is invalid\. Allowed choices are text, json, mermaid, md/);
    const concurrency = await run(["diff", "--check", "--concurrency", "none"]);
    expect(concurrency.code).toBe(2);
    expect(concurrency.stderr).toContain("option '--concurrency <n>' argument 'none' is invalid");
  });

  itCorpus("--check exits 0 when every manifest file matches its remote, 1 on drift, 2 when one cannot be checked", async () => {
    await run(["fetch", "pw-rest", "pw-shop"]);
    expect((await run(["diff", "--check"])).stdout).toContain("0 of 2 pathways differ from the remote.");
    service.pathways.set("pw-rest", realJson("restaurant-2024-get-dump.json"));
    const drift = await run(["diff", "--check"]);
    expect(drift.code).toBe(1);
    expect(drift.stdout).toContain("+++ remote:pw-rest");
    expect(drift.stdout).toContain("1 of 2 pathways differs from the remote.");
    service.pathways.delete("pw-shop");
    expect((await run(["diff", "--check", "--format", "json"])).code).toBe(2);
  });

  it("--check finds the manifest from a subdirectory", async () => {
    await run(["fetch", "pw-rest", "-o", "pathways/r.json"]);
    const sub = path.join(dir, "pathways");
    const result = await runMain(["diff", "--check"], { cwd: sub, env });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("✔ r.json matches remote:pw-rest");
  });

  it("--check without a manifest is a usage error", async () => {
    const result = await run(["diff", "--check"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("pathway fetch");
  });
});

describeCorpus("pathway push", () => {
  const edit = (file: string, fn: (p: { nodes: Record<string, unknown>[]; edges: Record<string, unknown>[]; name?: string }) => void) => {
    const value = JSON.parse(read(file));
    // The real restaurant pathway has an empty globalLabel, which validation (rightly) stops at push; fix it as a user would.
    for (const n of value.nodes) if (n.data?.isGlobal && n.data.globalLabel === "") n.data.globalLabel = "Caller asks about the menu or prices";
    fn(value);
    writeFileSync(path.join(dir, file), JSON.stringify(value, null, 2));
  };

  it("--dry-run shows the diff and sends nothing", async () => {
    await run(["fetch", "pw-rest", "-o", "r.json"]);
    edit("r.json", (p) => {
      p.name = "Renamed";
    });
    const before = JSON.stringify(service.pathways.get("pw-rest"));
    const result = await run(["push", "r.json", "--dry-run"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('~ name: "MOM AI Restaurant Voice Genie" → "Renamed"');
    expect(result.stdout).toContain("Dry run: would POST 12 nodes and 24 edges to pathway pw-rest");
    expect(service.requests.filter((r) => r.method === "POST")).toHaveLength(0);
    expect(JSON.stringify(service.pathways.get("pw-rest"))).toBe(before);
  });

  it("--format json names the pathway id taken from the manifest when the service fails (it was left out)", async () => {
    await run(["fetch", "pw-rest", "-o", "r.json"]);
    service.addFault({ type: "status", status: 404 });
    const result = await run(["push", "r.json", "--no-validate", "--format", "json"]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({
      file: "r.json",
      id: "pw-rest",
      ok: false,
      pushed: false,
      error: { code: "remote", reason: "not-found" },
    });
  });

  it("pushes the file, records the new remote hash, and then has nothing more to push", async () => {
    await run(["fetch", "pw-rest", "-o", "r.json"]);
    edit("r.json", (p) => {
      p.name = "Renamed";
    });
    const result = await run(["push", "r.json"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("✔ pushed r.json to pathway pw-rest");
    expect((service.pathways.get("pw-rest") as { name: string }).name).toBe("Renamed");
    expect((await run(["push", "r.json"])).stdout).toContain("Nothing to push");
  });

  itCorpus("refuses when the remote changed since the last fetch, unless --force", async () => {
    await run(["fetch", "pw-rest", "-o", "r.json"]);
    service.pathways.set("pw-rest", realJson("restaurant-2024-get-dump.json"));
    edit("r.json", (p) => {
      p.name = "Mine";
    });
    const refused = await run(["push", "r.json"]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain("Refusing to push: pathway pw-rest changed on the service since r.json was fetched");
    expect(service.requests.filter((r) => r.method === "POST")).toHaveLength(0);
    const forced = await run(["push", "r.json", "--force"]);
    expect(forced.code).toBe(0);
    expect((service.pathways.get("pw-rest") as { name: string }).name).toBe("Mine");
  });

  itCorpus("refuses a file never fetched unless --force, and needs an id", async () => {
    writeFileSync(path.join(dir, "new.json"), readFileSync(path.join(REAL, "restaurant-2024-get-dump.json")));
    expect((await run(["push", "new.json"])).stderr).toContain("Pass --pathway-id <pathway id>");
    const refused = await run(["push", "new.json", "--id", "pw-rest", "--no-validate"]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain("no record of which version");
    expect((await run(["push", "new.json", "--id", "pw-rest", "--force", "--no-validate"])).code).toBe(0);
  });

  itCorpus("keeps every edge label when a fetched UI-style pathway (labels under data.label) is pushed back", async () => {
    // The shop file keeps its labels only under data.label, as editor exports and current GET responses do.
    const shop = realJson("receptionist-auto-shop.json");
    const labels = (shop.edges as { data?: { label?: string } }[]).map((e) => e.data?.label);
    expect(labels.every((l) => typeof l === "string")).toBe(true);
    await run(["fetch", "pw-shop", "-o", "shop.json"]);
    edit("shop.json", (p) => {
      p.name = "Shop v2";
    });
    const result = await run(["push", "shop.json"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`(${labels.length} edge labels copied from data.label to label)`);
    const stored = service.pathways.get("pw-shop") as { edges: { label?: string; data?: { label?: string } }[] };
    expect(stored.edges.map((e) => e.label)).toEqual(labels);
    expect(stored.edges.map((e) => e.data?.label)).toEqual(labels);
  });

  it("has nothing to push when the file differs from the remote only in fields push does not send ($schema)", async () => {
    await run(["fetch", "pw-rest", "-o", "r.json"]);
    edit("r.json", (p) => {
      Object.assign(p, { $schema: "https://example.com/pathway.schema.json" });
    });
    // The edit also fills the empty globalLabel, which push sends: push that first.
    expect((await run(["push", "r.json"])).code).toBe(0);
    const again = await run(["push", "r.json", "--format", "json"]);
    expect(again.code).toBe(0);
    const report = JSON.parse(again.stdout) as { reason: string; diff: { equal: boolean } };
    expect(report.reason).toContain("Nothing to push");
    expect(report.diff.equal).toBe(true);
    expect(service.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });

  itCorpus("--format json carries a usage error as {ok: false, error} and exits 2", async () => {
    writeFileSync(path.join(dir, "new.json"), readFileSync(path.join(REAL, "restaurant-2024-get-dump.json")));
    const result = await run(["push", "new.json", "-f", "json"]);
    expect(result.code).toBe(2);
    // The human message on stderr, as for every failure; stdout holds only the JSON document.
    expect(result.stderr).toMatch(/^pathway: new\.json: which pathway\? Pass --pathway-id/);
    expect(JSON.parse(result.stdout)).toEqual({
      file: "new.json",
      ok: false,
      pushed: false,
      error: { code: "usage", message: expect.stringContaining("Pass --pathway-id <pathway id>") },
    });
  });

  itCorpus("--format json carries a remote error with its kind and exits 2", async () => {
    writeFileSync(path.join(dir, "new.json"), readFileSync(path.join(REAL, "restaurant-2024-get-dump.json")));
    const result = await run(["push", "new.json", "--id", "missing", "--no-validate", "--format", "json"]);
    expect(result.code).toBe(2);
    expect(JSON.parse(result.stdout)).toMatchObject({
      file: "new.json",
      id: "missing",
      ok: false,
      pushed: false,
      error: { code: "remote", reason: "not-found", message: expect.stringContaining("not found (404)") },
    });
  });

  it("--format json carries validation errors and still exits 1", async () => {
    await run(["fetch", "pw-rest", "-o", "r.json"]);
    const result = await run(["push", "r.json", "-f", "json"]);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ file: "r.json", id: "pw-rest", ok: false, error: { code: "findings", reason: "validation" } });
  });

  it("refuses a file with validation errors unless --no-validate", async () => {
    await run(["fetch", "pw-rest", "-o", "r.json"]);
    edit("r.json", (p) => {
      p.edges.push({ id: "bad", source: "1", target: "nowhere", label: "x" });
    });
    const result = await run(["push", "r.json"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/validation error.*nothing was pushed/);
    expect(service.requests.filter((r) => r.method === "POST")).toHaveLength(0);
  });
});
