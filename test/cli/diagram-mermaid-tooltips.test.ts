// diagram -f svg drawn by Mermaid: merged lines, stubs and hubs carry their legend entry as a <title> tooltip, as the Node layouts do; no script.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { JSDOM, type JsdomElement } from "jsdom";
import { tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

const browserEnv = { ...(process.env.PATHWAYKIT_CHROMIUM && { PATHWAYKIT_CHROMIUM: process.env.PATHWAYKIT_CHROMIUM }) };
const HOSTILE = `</title><script>p()</script>`;

/** A start node leading to 10 sources (twice to the first: one line), each source leading to one hub: 10 stubs. */
function hubPathway() {
  const sources = Array.from({ length: 10 }, (_, i) => ({ id: `src${i}`, type: "Default", data: { name: `Source ${i}`, prompt: "x" } }));
  return {
    name: "Hub",
    nodes: [
      { id: "start", type: "Default", data: { name: "Start", isStart: true, prompt: "Hi." } },
      ...sources,
      { id: "hub", type: "End Call", data: { name: "Goodbye", prompt: "Bye." } },
    ],
    edges: [
      { id: "p0", source: "start", target: "src0", label: "yes" },
      { id: "p1", source: "start", target: "src0", label: HOSTILE },
      ...sources.slice(1).map((s, i) => ({ id: `a${i}`, source: "start", target: s.id, label: `go ${i}` })),
      ...sources.map((s, i) => ({ id: `b${i}`, source: s.id, target: "hub", label: `bye ${i}` })),
    ],
  };
}

/** The text of the <title> that is a direct child of `el`, or undefined. */
const titleOf = (el: JsdomElement | undefined) =>
  (el as unknown as { children: ArrayLike<JsdomElement> } | undefined) &&
  [...Array.from((el as unknown as { children: ArrayLike<JsdomElement> }).children)].find((c) => c.tagName.toLowerCase() === "title")?.textContent;

describe("pathway diagram -f svg --engine mermaid", () => {
  it("gives merged lines, stubs and the hub a <title> tooltip naming what they stand for, the file's text as text", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "hub.json"), JSON.stringify(hubPathway()));
    const out = path.join(dir, "hub.svg");
    const r = await runMain(["diagram", path.join(dir, "hub.json"), "-f", "svg", "--engine", "mermaid", "-o", out], { env: browserEnv });
    expect(r.code, r.stderr).toBe(0);
    const svg = readFileSync(out, "utf8");
    const doc = new JSDOM(svg, { contentType: "image/svg+xml" }).window.document;
    expect(doc.querySelector("parsererror")).toBeNull();
    expect(doc.querySelectorAll("script").length).toBe(0);
    const nodes = [...doc.querySelectorAll("g.node")];
    const node = (caption: string) => nodes.find((g) => (g.textContent ?? "").includes(caption));
    expect(titleOf(node("Goodbye"))).toBe("Entered by 10 edges drawn as stubs beside their sources");
    // Every source has its stub, titled with its legend entry.
    const stubs = nodes.filter((g) => (g.getAttribute("class") ?? "").split(" ").includes("stub"));
    expect(stubs).toHaveLength(10);
    for (const [i, stub] of stubs.entries()) expect(titleOf(stub)).toBe(`From Source ${i}, drawn as a stub: 1 edge to Goodbye (bye ${i})`);
    // The merged line from Start to Source 0 lists both labels; the hostile one stays text inside its title.
    const paths = [...doc.querySelectorAll("path")].filter((p) => /-L_/.test(p.getAttribute("id") ?? ""));
    const titled = paths.map((p) => titleOf(p)).filter((t) => t !== undefined);
    expect(titled).toEqual([`2 edges from ▶ Start to Source 0, drawn as one line: yes; ${HOSTILE}`.replace("▶ ", "")]);
    expect(svg).not.toContain("<script>");
  }, 120_000);
});
