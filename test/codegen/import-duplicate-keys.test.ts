// `pathway import` refuses a file that repeats a key, as fmt does, instead of silently keeping the last value.
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runMain } from "../support/run-main.js";
import { createTempProject } from "../support/temp-project.js";

const TEXT = `{
  "nodes": [{"id": "1", "type": "Default", "data": {"name": "Start", "isStart": true, "text": "first", "text": "second"}}],
  "edges": []
}
`;

describe("pathway import of a file with a repeated key", () => {
  it("exits 2 naming the key and its line, writes nothing, and fmt refuses the same file", async () => {
    const dir = createTempProject({ "p.json": TEXT }, "pathwaykit-dupkey-");
    const result = await runMain(["import", "p.json", "-o", "p.pathway.ts"], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/2:\d+\s+error\s+The key "text" appears twice in the same object.*run import again/);
    expect(result.stderr).toMatch(/importing it would keep only the last value/);
    expect(existsSync(path.join(dir, "p.pathway.ts"))).toBe(false);
    expect(result.stdout).toBe("");
    const fmt = await runMain(["fmt", "p.json", "--check"], { cwd: dir });
    expect(fmt.code).toBe(2);
    expect(fmt.stderr).toMatch(/The key "text" appears twice.*run fmt again/);
  });
});
