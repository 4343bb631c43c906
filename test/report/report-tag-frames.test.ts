// The report page draws the layout's tag frames as the diagram does (real Chromium): each around its nodes, names as text.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createReport } from "../../src/engine/review/create-report.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { tempDir } from "../support/cli.js";
import { openReportPage, useBrowser } from "../support/browser.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Dom = any;
const chromium = useBrowser();

/** Writes the page of `pathway`, opens it, and returns each frame's title, caption and box, with the boxes of the nodes of each tag. */
async function framesOf(pathway: unknown) {
  const dir = tempDir();
  writeFileSync(path.join(dir, "in.json"), JSON.stringify(pathway));
  const report = await createReport(createNodeHost({ cwd: dir, env: {} }), "in.json", { layout: { engine: "elk" } });
  const { page, errors, requests } = await openReportPage(chromium.current, path.join(dir, "page.html"), report.html);
  expect(requests).toEqual([]);
  const frames = await page.evaluate(() => {
    const doc = (globalThis as Dom).document;
    return [...doc.querySelectorAll("g.tag-frame")].map((g: Dom) => {
      const r = g.querySelector("rect");
      return {
        title: g.querySelector("title").textContent,
        caption: [...g.querySelectorAll("text")].map((t: Dom) => t.textContent).join(" "),
        box: ["x", "y", "width", "height"].map((k) => Number(r.getAttribute(k))),
      };
    });
  });
  // Each node's box in the page's own coordinates (the world group's), by the node's id (its key is generated).
  const nodes = await page.evaluate(() => {
    const doc = (globalThis as Dom).document;
    const idOf = new Map(JSON.parse(doc.getElementById("report-data").textContent).nodes.map((n: Dom) => [n.key, n.id]));
    const out: Record<string, number[]> = {};
    for (const g of doc.querySelectorAll("g.node")) {
      const b = g.getBBox();
      out[idOf.get(g.getAttribute("data-key")) as string] = [b.x, b.y, b.width, b.height];
    }
    return out;
  });
  const injected = await page.evaluate(() => ({ pwned: (globalThis as Dom).__pwned, images: (globalThis as Dom).document.querySelectorAll("img").length }));
  await page.close();
  return { frames, nodes, errors, injected };
}

describe("report page tag frames", () => {
  it("draws one frame per shared tag, around every node of that tag, as the layout placed them", async () => {
    const node = (id: string, name: string, tag?: { name: string; color: string }) => ({
      id,
      type: "Default",
      data: { name, prompt: name, ...(id === "a" && { isStart: true }), ...(tag && { tag }) },
    });
    const greet = { name: "Greeting", color: "#1e88e5" };
    const book = { name: "Booking", color: "rgb(67, 160, 71)" };
    const pathway = {
      name: "Tagged",
      nodes: [
        node("a", "Hello", greet),
        node("b", "Ask name", greet),
        node("c", "Pick a day", book),
        node("d", "Confirm", book),
        { id: "e", type: "End Call", data: { name: "Bye", prompt: "bye" } },
      ],
      edges: ["ab", "bc", "cd", "de"].map(([s, t]) => ({ id: `${s}${t}`, source: s, target: t, label: `${s} to ${t}` })),
    };
    const { frames, nodes, errors } = await framesOf(pathway);
    expect(errors).toEqual([]);
    expect(frames.map((f) => [f.title, f.caption]).sort()).toEqual([
      ["Booking", "Booking"],
      ["Greeting", "Greeting"],
    ]);
    const inside = (n: number[], f: number[]) => n[0]! >= f[0]! && n[1]! >= f[1]! && n[0]! + n[2]! <= f[0]! + f[2]! && n[1]! + n[3]! <= f[1]! + f[3]!;
    const frame = (title: string) => frames.find((f) => f.title === title)!.box;
    for (const key of ["a", "b"]) expect(inside(nodes[key]!, frame("Greeting"))).toBe(true);
    for (const key of ["c", "d"]) expect(inside(nodes[key]!, frame("Booking"))).toBe(true);
    expect(inside(nodes.e!, frame("Booking")) || inside(nodes.e!, frame("Greeting"))).toBe(false);
  }, 120_000);

  it("sets a hostile tag name as text and ignores a colour that is not plain", async () => {
    const tag = { name: `<img src=x onerror="window.__pwned=1">`, color: "red;background:url(x)" };
    const pathway = {
      name: "Hostile tag",
      nodes: [
        { id: "a", type: "Default", data: { name: "Start", isStart: true, prompt: "hi", tag } },
        { id: "b", type: "Default", data: { name: "Next", prompt: "next", tag } },
        { id: "c", type: "End Call", data: { name: "Bye", prompt: "bye" } },
      ],
      edges: [
        { id: "e1", source: "a", target: "b", label: "go" },
        { id: "e2", source: "b", target: "c", label: "done" },
      ],
    };
    const { frames, errors, injected } = await framesOf(pathway);
    expect(errors).toEqual([]);
    expect(injected).toEqual({ pwned: undefined, images: 0 });
    expect(frames.map((f) => f.title)).toEqual([tag.name]);
    expect(frames[0]!.caption.startsWith("<img")).toBe(true);
  }, 120_000);
});
