// Counts in messages take the noun in the right number: "1 finding", "1 warning", "1 node" (were "1 findings", ...).
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTempProject } from "../support/temp-project.js";
import { runMain } from "../support/run-main.js";

/** A start node and an End Call node; the start node extracts a variable nothing reads (one warning, one finding). */
const ONE_FINDING = JSON.stringify({
  nodes: [
    {
      id: "start",
      type: "Default",
      data: { name: "Greeting", isStart: true, text: "Hi.", extractVars: [["color", "string", "the caller's favourite colour"]] },
    },
    { id: "bye", type: "End Call", data: { name: "Bye", text: "Bye." } },
  ],
  edges: [{ id: "e1", source: "start", target: "bye", label: "done" }],
});

describe("count nouns", () => {
  it("lint over --max-warnings says 1 warning, not 1 warnings", async () => {
    const dir = createTempProject({ "p.json": ONE_FINDING });
    const r = await runMain(["lint", "p.json", "--max-warnings", "0"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("✖ 1 problem (0 errors, 1 warning) in 1 file");
    expect(r.stderr).toBe("pathway: 1 warning, more than --max-warnings 0.\n");
  });

  it("report says 1 finding on the terminal and in the page", async () => {
    const dir = createTempProject({ "p.json": ONE_FINDING });
    const r = await runMain(["report", "p.json", "-o", "p.html"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/wrote p\.html: 2 nodes, 1 edge, 1 finding \(layout/);
    expect(readFileSync(path.join(dir, "p.html"), "utf8")).toMatch(/2 nodes, 1 edge · 1 finding · layout/);
  });
});
