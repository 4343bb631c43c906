// Without a browser, an image says first how to draw it with ELK (no browser, no Mermaid), then how to install one; and that offer works.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

const INPUT = path.join(ROOT, "pathways/support-kb.json");

describe("pathway diagram without a browser", () => {
  it("-f svg offers --engine elk before the install line, and --engine elk then draws the SVG", async () => {
    const dir = tempDir();
    const env = { PATHWAYKIT_CHROMIUM: path.join(dir, "no-such-chromium") };
    const r = await runMain(["diagram", INPUT, "-f", "svg", "-o", path.join(dir, "kb.svg")], { env });
    expect(r.code).toBe(2);
    const lines = r.stderr.split("\n");
    expect(lines[0]).toMatch(
      /^pathway: cannot start a browser to render diagrams: no executable browser at .*no-such-chromium \(from PATHWAYKIT_CHROMIUM\)\.$/,
    );
    expect(lines[1]).toBe(
      "To draw it without a browser or Mermaid, add --engine elk: ELK lays the picture out in Node and writes the SVG itself (no browser, and no Mermaid install of over 80 MB).",
    );
    expect(lines[2]).toMatch(/^Or install Chromium \(Debian\/Ubuntu: `sudo apt-get install -y chromium`/);
    const elk = await runMain(["diagram", INPUT, "-f", "svg", "--engine", "elk", "-o", path.join(dir, "kb.svg")], { env });
    expect([elk.code, elk.stderr]).toEqual([0, ""]);
    expect(readFileSync(path.join(dir, "kb.svg"), "utf8")).toMatch(/^<svg/);
  });

  it("-f png offers an SVG drawn by ELK, since a PNG always needs the browser", async () => {
    const dir = tempDir();
    const env = { PATHWAYKIT_CHROMIUM: path.join(dir, "no-such-chromium") };
    const r = await runMain(["diagram", INPUT, "-f", "png", "--engine", "elk", "-o", path.join(dir, "kb.png")], { env });
    expect(r.code).toBe(2);
    expect(r.stderr.split("\n")[1]).toBe(
      "To draw it without a browser or Mermaid, draw an SVG instead with -f svg (and an .svg output name): ELK lays the picture out in Node and writes the SVG itself (no browser, and no Mermaid install of over 80 MB); a PNG is always drawn in the browser.",
    );
    expect(existsSync(path.join(dir, "kb.png"))).toBe(false);
    const auto = await runMain(["diagram", INPUT, "-f", "png", "-o", path.join(dir, "kb.png")], { env });
    expect(auto.stderr).toContain("draw an SVG instead with -f svg --engine elk (and an .svg output name)");
  });
});
