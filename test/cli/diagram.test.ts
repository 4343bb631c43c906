// `pathway diagram` (in-process; the executable for its streams and exit status): formats, outputs, exit codes, no browser, size warnings.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fromDot } from "ts-graphviz";
import { toDirectedGraph } from "../../src/export/index.js";
import type { Pathway } from "../../src/model/index.js";
import { generatePathway } from "../../scripts/generate-pathway.js";
import { CORPUS_DIR, itCorpus } from "../support/corpus.js";
import { BIN, ROOT, runCli, tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

const RECEPTIONIST = path.join(CORPUS_DIR, "receptionist-auto-shop.json");
const PIZZERIA = path.join(CORPUS_DIR, "pathwalk-pizzeria-dialect.json");
const MALFORMED = path.join(CORPUS_DIR, "docs-get-pathway-example.MALFORMED.json");
const NO_STACK = /\n\s+at .*:\d+:\d+/;
const browserEnv = { ...(process.env.PATHWAYKIT_CHROMIUM && { PATHWAYKIT_CHROMIUM: process.env.PATHWAYKIT_CHROMIUM }) };

describe("pathway diagram", () => {
  itCorpus("prints Mermaid on stdout by default and exits 0", async () => {
    const r = await runMain(["diagram", RECEPTIONIST]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(r.stdout.startsWith("flowchart TB\n")).toBe(true);
    expect(r.stdout).toContain('n0["#9654; Greeting"]');
  });

  itCorpus("prints exactly the library's drawing data with --format json", async () => {
    const r = await runMain(["diagram", PIZZERIA, "--format", "json", "--direction", "LR", "--max-label", "12"]);
    expect(r.code).toBe(0);
    const pathway = JSON.parse(readFileSync(PIZZERIA, "utf8")) as Pathway;
    expect(JSON.parse(r.stdout)).toEqual([{ filePath: PIZZERIA, graph: toDirectedGraph(pathway, { direction: "LR", maxLabel: 12 }) }]);
  });

  itCorpus("writes DOT to a file that a DOT parser reads", async () => {
    const dir = tempDir();
    const out = path.join(dir, "receptionist.dot");
    const r = await runMain(["diagram", RECEPTIONIST, "-f", "dot", "-o", out]);
    expect(r).toMatchObject({ code: 0, stdout: "" });
    // Two of its nine edges join the same nodes: one counted line unless --no-merge.
    expect(fromDot(readFileSync(out, "utf8")).edges.length).toBe(8);
    expect(await runMain(["diagram", RECEPTIONIST, "-f", "dot", "-o", out, "--no-merge"])).toMatchObject({ code: 0 });
    expect(fromDot(readFileSync(out, "utf8")).edges.length).toBe(9);
  });

  it("writes Markdown with one mermaid block, drawing the start's neighbourhood when GitHub could not draw it all", async () => {
    const dir = tempDir();
    const big = path.join(dir, "big.json");
    writeFileSync(big, JSON.stringify(generatePathway({ nodes: 300, edges: 700 })));
    const r = await runMain(["diagram", big, "-f", "md"]);
    expect(r.code).toBe(0);
    expect(r.stdout.match(/```mermaid/g)).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^pathway: note: .*big\.json: drew only the nodes within \d steps of the start node so GitHub can show it \(\d+ nodes and \d+ edges left out\)/,
    );
    expect(r.stdout).toMatch(/Only the nodes within \d steps of node id node\\-0/);
    const focused = await runMain(["diagram", big, "-f", "md", "--focus", "node-0", "--depth", "1"]);
    expect(focused).toMatchObject({ code: 0, stderr: "" });
    expect(focused.stdout).toMatch(/Only the nodes within 1 step of node id node\\-0/);
  });

  itCorpus("renders several files to SVG in one call, one file each in the output directory", async () => {
    const dir = tempDir();
    const r = await runMain(["diagram", RECEPTIONIST, PIZZERIA, path.join(ROOT, "pathways"), "-f", "svg", "-o", path.join(dir, "out"), "--annotate"], {
      env: browserEnv,
    });
    expect(r.stderr).toMatch(/wrote \d+ svg files/);
    expect(r.code).toBe(0);
    const files = readdirSync(path.join(dir, "out")).sort();
    expect(files).toContain("receptionist-auto-shop.svg");
    expect(files).toContain("pathwalk-pizzeria-dialect.svg");
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files) expect(readFileSync(path.join(dir, "out", f), "utf8")).toMatch(/^<svg [\s\S]*class="flowchart"/);
    // Mermaid's picture holds the flow only; the globals note and the legend sit below it, outside the flow.
    const shop = readFileSync(path.join(dir, "out", "receptionist-auto-shop.svg"), "utf8");
    const flowEnd = shop.lastIndexOf("</svg>", shop.length - 8);
    expect(shop).not.toMatch(/flowchart-legend|no edges drawn/);
    expect(shop.indexOf('<g class="notes"')).toBeGreaterThan(flowEnd);
    expect(shop.indexOf('<g class="legend"')).toBeGreaterThan(flowEnd);
    const below = [...shop.slice(flowEnd).matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(" ");
    expect(below).toContain("(not drawn as arrows); their own edges are drawn (0 in, 1 out). Legend [1] the caller wants to bring their car in");
  });

  itCorpus("writes an image beside its input when no -o is given, and refuses -o <file> for several pathways", async () => {
    const dir = tempDir();
    const input = path.join(dir, "shop.json");
    writeFileSync(input, readFileSync(RECEPTIONIST));
    const r = await runMain(["diagram", input, "-f", "png"], { env: browserEnv });
    expect(r).toMatchObject({ code: 0, stdout: "" });
    expect(readFileSync(path.join(dir, "shop.png")).subarray(1, 4).toString("ascii")).toBe("PNG");
    const several = await runMain(["diagram", input, PIZZERIA, "-f", "svg", "-o", path.join(dir, "both.svg")]);
    expect(several.code).toBe(2);
    expect(several.stderr).toMatch(/2 pathways need a directory, one file each/);
  });

  itCorpus("without a browser, exits 2, says how to install one and still writes the Mermaid text", async () => {
    const dir = tempDir();
    const out = path.join(dir, "receptionist.png");
    const r = await runMain(["diagram", RECEPTIONIST, "-f", "png", "-o", out], { env: { PATHWAYKIT_CHROMIUM: path.join(dir, "no-such-chromium") } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no executable browser at .*no-such-chromium \(from PATHWAYKIT_CHROMIUM\)/);
    expect(r.stderr).toMatch(/apt-get install -y chromium/);
    expect(r.stderr).toMatch(/set PATHWAYKIT_CHROMIUM/);
    expect(r.stderr).toContain(`The Mermaid text was written instead: ${path.join(dir, "receptionist.mmd")}`);
    expect(r.stderr).not.toMatch(NO_STACK);
    expect(existsSync(out)).toBe(false);
    expect(readFileSync(path.join(dir, "receptionist.mmd"), "utf8").startsWith("flowchart TB\n")).toBe(true);
  });

  // The executable: the drawing on stdout and the error on stderr of one process, which exits with status 2.
  itCorpus("exits 2 for a file that is not valid JSON, naming line and column, and still draws the others", () => {
    const r = runCli(["diagram", MALFORMED, RECEPTIONIST, "-f", "md"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/MALFORMED\.json:\d+:\d+: .*run `pathway validate .*MALFORMED\.json` to see why/);
    expect(r.stdout).toContain("```mermaid");
  });

  itCorpus("exits 2 for a file whose nodes hold no node with a string id, naming it, and still draws the others", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "junk.json"), '{"nodes":[null,1,"x",{"id":5}],"edges":{}}');
    const alone = await runMain(["diagram", "junk.json"], { cwd: dir });
    expect(alone).toMatchObject({ code: 2, stdout: "" });
    expect(alone.stderr).toMatch(/^pathway: junk\.json: not a pathway: .*run `pathway validate junk\.json` to see why\.\n$/);
    const both = await runMain(["diagram", "junk.json", RECEPTIONIST, "-f", "dot"], { cwd: dir });
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/junk\.json: not a pathway/);
    expect(both.stdout).toMatch(/^digraph /);
  });

  itCorpus("carries errors in the JSON with --format json, and still exits 2", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "junk.json"), '{"nodes":[null,1,"x",{"id":5}],"edges":{}}');
    const alone = await runMain(["diagram", "junk.json", "missing.json", "-f", "json"], { cwd: dir });
    expect(alone.code).toBe(2);
    expect(JSON.parse(alone.stdout)).toEqual([
      { filePath: "junk.json", error: { code: "input", message: expect.stringMatching(/^junk\.json: not a pathway/) } },
      { filePath: "missing.json", error: { code: "io", message: "missing.json: no such file or directory; check the path." } },
    ]);
    const mixed = await runMain(["diagram", "junk.json", RECEPTIONIST, "-f", "json"], { cwd: dir });
    expect(mixed.code).toBe(2);
    const data = JSON.parse(mixed.stdout) as { filePath: string; graph?: unknown; error?: string }[];
    expect(data.map((d) => [d.filePath, "graph" in d, "error" in d])).toEqual([
      [RECEPTIONIST, true, false],
      ["junk.json", false, true],
    ]);
  });

  it("takes --color and --no-color like validate, colouring its messages", async () => {
    const help = (await runMain(["diagram", "--help"])).stdout;
    expect(help).toMatch(/--color\s+force colours even when not writing to a terminal/);
    expect(help).toMatch(/--no-color\s+disable colours \(also NO_COLOR=1\)/);
    expect((await runMain(["diagram", "missing.json", "--color"])).stderr).toContain("\u001b[31m");
    expect((await runMain(["diagram", "missing.json", "--no-color"], { env: { FORCE_COLOR: "1" } })).stderr).toBe(
      "pathway: missing.json: no such file or directory; check the path.\n",
    );
  });

  itCorpus("exits 2 with a clear message for usage mistakes", async () => {
    const focus = await runMain(["diagram", RECEPTIONIST, "--focus", "Nowhere"]);
    expect(focus.code).toBe(2);
    expect(focus.stderr).toMatch(/--focus: no node has the id or name "Nowhere"/);
    expect((await runMain(["diagram", RECEPTIONIST, "--depth", "2"])).stderr).toMatch(/--depth only applies with --focus/);
    expect((await runMain(["diagram", RECEPTIONIST, PIZZERIA])).stderr).toMatch(/2 pathways cannot share one Mermaid text on stdout; .* -o <dir>/);
    const stdin = await runMain(["diagram", "-", "-f", "svg"], { stdin: readFileSync(PIZZERIA) });
    expect(stdin.code).toBe(2);
    expect(stdin.stderr).toMatch(/read from stdin needs a place to go: name a file with -o <file>/);
    expect((await runMain(["diagram", RECEPTIONIST, "--max-label", "-3"])).code).toBe(2);
    expect((await runMain(["diagram", "missing.json"])).stderr).toMatch(/missing\.json: no such file or directory/);
  });

  it("explains formats, browser set-up, limits and exit codes in --help", async () => {
    const r = await runMain(["diagram", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/PATHWAYKIT_CHROMIUM/);
    expect(r.stdout).toMatch(/500 edges and 50,000 characters/);
    expect(r.stdout).toMatch(/Examples:/);
    expect(r.stdout).toMatch(/no graphviz \(see below\)/);
    expect(r.stdout).toMatch(/--engine graphviz is not offered: .*within 120 s/s);
  });

  it("draws a large pathway with ELK in Node as SVG without any browser, globals note true", async () => {
    const dir = tempDir();
    const big = path.join(dir, "big.json");
    const pathway = generatePathway({ nodes: 400, edges: 900, seed: 5 });
    (pathway.nodes[7]!.data as Record<string, unknown>).isGlobal = true;
    writeFileSync(big, JSON.stringify(pathway));
    const out = path.join(dir, "big.svg");
    const r = await runMain(["diagram", big, "-f", "svg", "-o", out], { env: { PATHWAYKIT_CHROMIUM: path.join(dir, "no-browser") } });
    expect(r.stderr).not.toMatch(NO_STACK);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const svg = readFileSync(out, "utf8");
    expect(svg.startsWith("<svg ")).toBe(true);
    expect(svg.match(/<g class="node /g)).toHaveLength(400);
    expect(svg).toContain("their own edges are listed, not drawn");
    expect(svg).toMatch(/in: from /);
  }, 240_000);

  it("warns before a layout that will take long, before anything else happens", async () => {
    const dir = tempDir();
    const big = path.join(dir, "big.json");
    writeFileSync(big, JSON.stringify(generatePathway({ nodes: 200, edges: 400, seed: 5 })));
    const r = await runMain(["diagram", big, "-f", "svg", "--engine", "mermaid", "--no-merge", "-o", path.join(dir, "big.svg")], {
      env: { PATHWAYKIT_CHROMIUM: path.join(dir, "no-browser") },
    });
    expect(r.stderr).toMatch(
      /^pathway: warning: .*big\.json: 200 nodes and 400 edges take Mermaid minutes to lay out \(limit --timeout 180s\)\. --engine elk lays it out in seconds\./,
    );
    expect(r.code).toBe(2);
  });

  it("rejects a --timeout that is not a duration with exit 2", async () => {
    for (const value of ["soon", "0", "-1s", "5 min", "25h"]) {
      const r = await runMain(["diagram", RECEPTIONIST, "-f", "svg", "--timeout", value]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/--timeout.*Expected a duration such as 30s, 500ms or 2m \(a bare number is seconds\), at most 24h/);
    }
  });

  // The executable: the process ends (status 1) once the layout worker thread is stopped, rather than waiting on it.
  it("reports a layout that runs out of time, with what to do, and exit 1", () => {
    const dir = tempDir();
    const big = path.join(dir, "big.json");
    writeFileSync(big, JSON.stringify(generatePathway({ nodes: 600, edges: 1800, seed: 6 })));
    const r = runCli(["diagram", big, "-f", "svg", "--engine", "elk", "--timeout", "0.5", "-o", path.join(dir, "big.svg")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/the layout could not draw it: the layout did not finish within 0\.5 s.*Raise --timeout, use --engine ranks/s);
    expect(r.stderr).not.toMatch(NO_STACK);
  }, 60_000);

  // The executable: `| head` closes the pipe while pathway still writes; that is the reader's choice, not an error.
  it("ends quietly with status 0 when the reader of its stdout stops early (| head)", async () => {
    const dir = tempDir();
    const big = path.join(dir, "big.json");
    // About 350 kB of Mermaid: far more than a pipe holds, so pathway is still writing when the reader goes.
    writeFileSync(big, JSON.stringify(generatePathway({ nodes: 2000, edges: 4000, seed: 7 })));
    const child = spawn(process.execPath, [BIN, "diagram", big], {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" },
    });
    let first = "";
    let stderr = "";
    child.stdout.once("data", (chunk: Buffer) => {
      first = chunk.toString("utf8");
      child.stdout.destroy();
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on("close", (c, s) => resolve([c, s])));
    expect(first.startsWith("flowchart TB\n")).toBe(true);
    expect(stderr).toBe("");
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  });
});
