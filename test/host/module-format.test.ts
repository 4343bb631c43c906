// Whether a module file runs as CommonJS: by its extension, else by the nearest package.json's "type", as Node decides.
import { describe, expect, it } from "vitest";
import path from "node:path";
import { isCommonJsFile } from "../../src/host/module-format.js";
import { createTempProject } from "../support/temp-project.js";

describe("isCommonJsFile", () => {
  it("follows the nearest package.json's type, and the extensions that override it", () => {
    const dir = createTempProject({
      "cjs/package.json": '{ "type": "commonjs" }',
      "untyped/package.json": '{ "name": "x" }',
      "esm/package.json": '{ "type": "module" }',
      "esm/deeper/nothing-here.txt": "",
      "broken/package.json": "{",
    });
    const at = (file: string) => isCommonJsFile(path.join(dir, file));
    expect([at("cjs/a.pathway.ts"), at("untyped/a.ts"), at("esm/a.pathway.ts"), at("esm/deeper/a.ts"), at("broken/a.ts")]).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
    expect([at("esm/a.cts"), at("esm/a.cjs"), at("cjs/a.mts"), at("cjs/a.mjs")]).toEqual([true, true, false, false]);
  });
});
