// appendLegend and getLegendBlock: the legend and notes below a finished picture, wrapped, escaped, never inside the flow.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { JSDOM } from "jsdom";
import { appendLegend, getLegendBlock } from "../../src/layout/index.js";

const PICTURE =
  '<svg id="diagram0" width="300.5" xmlns="http://www.w3.org/2000/svg" height="200" viewBox="0 0 300.5 200"><g class="node"><text>A</text></g></svg>';

function parse(svg: string) {
  const doc = new JSDOM(svg, { contentType: "image/svg+xml" }).window.document;
  expect(doc.querySelector("parsererror")).toBeNull();
  return doc;
}

describe("appendLegend", () => {
  it("nests the picture unchanged at the top and puts the notes and the legend below it", () => {
    const svg = appendLegend(PICTURE, [{ ref: 1, text: "the caller wants to book" }], ["Global nodes are entered from any node."]);
    expect(svg).toContain(PICTURE);
    const doc = parse(svg);
    const root = doc.documentElement;
    expect(Number(root.getAttribute("width"))).toBeGreaterThanOrEqual(301);
    const height = Number(root.getAttribute("height"));
    expect(height).toBeGreaterThan(200);
    const texts = [...doc.querySelectorAll(":scope > g text")].map((t) => ({ text: t.textContent, y: Number(t.getAttribute("y")) }));
    expect(texts.map((t) => t.text)).toEqual(["Global nodes are entered from any node.", "Legend", "[1] the caller wants to book"]);
    // Every line sits below the picture (y > its height) and inside the new one.
    for (const t of texts) expect(t.y > 200 && t.y < height, `${t.text} at ${t.y}`).toBe(true);
  });

  it("returns the picture as it is when there is nothing to add, and refuses a picture without a size", () => {
    expect(appendLegend(PICTURE, [])).toBe(PICTURE);
    expect(() => appendLegend('<svg xmlns="http://www.w3.org/2000/svg"></svg>', [{ ref: 1, text: "x" }])).toThrow(/no width, height or viewBox/);
    const fromViewBox = parse(appendLegend('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 90"></svg>', [{ ref: 1, text: "x" }]));
    expect(Number(fromViewBox.documentElement.getAttribute("width"))).toBe(640);
  });

  it("keeps any legend text as text: well-formed SVG, no element or attribute from it", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary", maxLength: 80 }), { minLength: 1, maxLength: 5 }), (texts) => {
        const doc = parse(
          appendLegend(
            PICTURE,
            texts.map((text, i) => ({ ref: i + 1, text })),
          ),
        );
        expect(doc.querySelectorAll("script, a, image, foreignObject")).toHaveLength(0);
        for (const element of doc.querySelectorAll("*")) for (const a of element.attributes) expect(a.name.startsWith("on")).toBe(false);
      }),
      { numRuns: 30 },
    );
  });
});

describe("getLegendBlock", () => {
  it("wraps long entries to the picture's width (at least 480 px) and counts their lines in its height", () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`).join(" ");
    const narrow = getLegendBlock([{ ref: 1, text: words }], 100);
    const wide = getLegendBlock([{ ref: 1, text: words }], 1400);
    expect(narrow.lines.length).toBeGreaterThan(wide.lines.length);
    expect(wide.lines.length).toBeGreaterThan(1);
    expect(narrow.lines.join(" ")).toBe(`[1] ${words}`);
    expect(narrow.width).toBeLessThanOrEqual(480 + 2 * 24 + 1);
    expect(narrow.height).toBeGreaterThan(wide.height);
    expect(getLegendBlock([], 500)).toMatchObject({ height: 0, lines: [] });
  });
});
