// `pathway diagram -f svg` laid out by ELK draws nodes sharing a data.tag name inside one frame, with the tag's text inert.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { createHubAndSpoke } from "../support/dense-pathways.js";
import { tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

function parse(svg: string) {
  const doc = new JSDOM(svg, { contentType: "image/svg+xml" }).window.document;
  expect(doc.querySelector("parsererror")).toBeNull();
  return doc;
}

describe("pathway diagram with tagged nodes", () => {
  it("draws each tag's nodes in one captioned frame, every node still drawn once", async () => {
    const dir = tempDir();
    const file = path.join(dir, "sales.json");
    // The bench's dense-sales-44x12: three tags over a 44-step chain; the frames make it no wider (1,826 px against 2,052).
    writeFileSync(file, JSON.stringify(createHubAndSpoke(44, 12, 2)));
    const r = await runMain(["diagram", file, "-f", "svg", "--engine", "elk"]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    const svg = readFileSync(file.replace(/\.json$/, ".svg"), "utf8");
    const doc = parse(svg);
    expect([...doc.querySelectorAll("g.group > title")].map((t) => t.textContent).sort()).toEqual(["Close", "Pitch", "Qualify"]);
    expect([...doc.querySelectorAll("g.group > text")].map((t) => t.textContent).sort()).toEqual(["Close", "Pitch", "Qualify"]);
    expect(doc.querySelectorAll("g.node:not(.stub)").length).toBe(44 + 6);
  }, 60_000);

  it("writes a hostile tag name as text and ignores a colour that is not plain", async () => {
    const dir = tempDir();
    const file = path.join(dir, "hostile.json");
    const tag = { name: "<script>alert(1)</script><img src=x onerror=alert(2)>", color: "red;background:url(x)" };
    const pathway = {
      name: "Hostile tag",
      nodes: [
        { id: "a", type: "Default", data: { name: "Start", isStart: true, tag } },
        { id: "b", type: "Default", data: { name: "Next", tag } },
        { id: "c", type: "End Call", data: { name: "Bye" } },
      ],
      edges: [
        { id: "1", source: "a", target: "b" },
        { id: "2", source: "b", target: "c" },
      ],
    };
    writeFileSync(file, JSON.stringify(pathway));
    const r = await runMain(["diagram", file, "-f", "svg", "--engine", "elk"]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    const svg = readFileSync(file.replace(/\.json$/, ".svg"), "utf8");
    const doc = parse(svg);
    expect(doc.querySelector("script, img")).toBeNull();
    expect(svg).not.toContain("url(x)");
    expect(doc.querySelector("g.group > title")?.textContent).toBe(tag.name);
    expect(doc.querySelector("g.group > rect")?.getAttribute("stroke")).toBe("#9e9e9e");
  });
});
