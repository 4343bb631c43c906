// `pathway lsp` driven by a real LSP client: headless Neovim (Debian's neovim) opens a corpus pathway with a broken edge target.
import { spawnSync } from "node:child_process";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, ROOT, tempDir } from "../support/cli.js";
import { corpusPath, hasCorpus } from "../support/corpus.js";

/** Whether Debian's nvim is on the PATH. */
const neovim = spawnSync("nvim", ["--version"]).status === 0;
if (!neovim) {
  if (process.env["PATHWAYKIT_REQUIRE_NEOVIM"]) throw new Error("nvim is required (PATHWAYKIT_REQUIRE_NEOVIM) but not installed: apt-get install neovim.");
  console.log("\nnvim not found: the language server is not tested with Neovim's client (apt-get install neovim to run it).\n");
}

const SESSION = path.join(ROOT, "test/fixtures/lsp/neovim-session.lua");
const CORPUS_FILE = "receptionist-auto-shop.json";

/** 0-based line and character of the `nth` occurrence of `needle` in `text`, plus `shift` characters. */
function positionOf(text: string, needle: string, shift = 0, nth = 0): { line: number; col: number } {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = text.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`${needle} not in the fixture`);
  const before = text.slice(0, offset + shift).split("\n");
  return { line: before.length - 1, col: before[before.length - 1]!.length };
}

interface Seen {
  client: boolean;
  error?: string;
  before: { lnum: number; col: number; code: string; message: string }[];
  after: { lnum: number; col: number; code: string; message: string }[];
  hover: string | null;
  definition: { uri: string; range: { start: { line: number; character: number } } }[] | null;
}

describe.skipIf(!neovim || !hasCorpus)("pathway lsp in Neovim (headless, vim.lsp)", () => {
  it("shows unknown-edge-endpoint at the target, hovers a variable's producer, jumps to a node, and clears once the fix is typed", () => {
    const dir = tempDir("pathwaykit-nvim-");
    const file = path.join(dir, CORPUS_FILE);
    copyFileSync(corpusPath(CORPUS_FILE), file);
    const good = readFileSync(file, "utf8");
    // The first edge's target loses its last character: a near-miss id, as a slip while editing makes.
    const target = "b2000000-0000-4000-8000-000000000002";
    const edgeTarget = `"target": "${target}"`;
    const text = good.replace(edgeTarget, `"target": "${target.slice(0, -1)}"`);
    writeFileSync(file, text);
    const broken = positionOf(text, `"target": "${target.slice(0, -1)}"`, '"target": '.length);
    const hover = positionOf(text, "{{appointment_day}}", 3);
    // The second edge's target, which names an existing node.
    const secondTarget = positionOf(text, '"target": "', '"target": "'.length + 2, 1);
    const secondId = text.slice(text.indexOf('"target": "', text.indexOf('"target": "') + 1) + 11).split('"')[0]!;
    const out = path.join(dir, "seen.json");
    const result = spawnSync("nvim", ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", `luafile ${SESSION}`], {
      cwd: dir,
      encoding: "utf8",
      timeout: 90_000,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: dir,
        XDG_STATE_HOME: dir,
        XDG_DATA_HOME: dir,
        PATHWAY_LSP_OUT: out,
        PATHWAY_LSP_FILE: file,
        PATHWAY_LSP_ROOT: dir,
        PATHWAY_LSP_NODE: process.execPath,
        PATHWAY_LSP_BIN: BIN,
        PATHWAY_LSP_HOVER_LINE: String(hover.line),
        PATHWAY_LSP_HOVER_COL: String(hover.col),
        PATHWAY_LSP_DEF_LINE: String(secondTarget.line),
        PATHWAY_LSP_DEF_COL: String(secondTarget.col),
        PATHWAY_LSP_FIX_LINE: String(broken.line),
        PATHWAY_LSP_FIX_COL: String(broken.col + target.length),
        PATHWAY_LSP_FIX_TEXT: target.slice(-1),
      },
    });
    expect(result.error).toBeUndefined();
    const seen = JSON.parse(readFileSync(out, "utf8")) as Seen;
    expect(seen.error).toBeUndefined();
    expect(seen.client).toBe(true);
    // The value's opening quote, 0-based as the client holds it (line 258, column 17 in the editor's 1-based terms).
    expect(seen.before).toContainEqual(expect.objectContaining({ lnum: broken.line, col: broken.col, code: "unknown-edge-endpoint" }));
    expect(seen.hover).toMatch(/Set by:\n- Offer Availability/);
    const node = positionOf(good, `"id": "${secondId}"`, '"id": '.length);
    expect(seen.definition).toEqual([
      expect.objectContaining({ uri: `file://${file}`, range: expect.objectContaining({ start: { line: node.line, character: node.col } }) }),
    ]);
    expect(seen.after.filter((d) => d.code === "unknown-edge-endpoint")).toEqual([]);
  }, 120_000);
});
