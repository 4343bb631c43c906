// `pathway lsp` and *.pathway.ts modules: never run on open or change, built on save only where the client allows it (initializationOptions or workspace configuration).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { startLsp, type LspClientOptions } from "../support/lsp-client.js";

/** A module whose top level appends a line to `marker` each time it runs, and whose pathway has a broken edge. */
function evilModule(marker: string): string {
  return `import { appendFileSync } from "node:fs";
appendFileSync(${JSON.stringify(marker)}, "ran\\n");
export default {
  nodes: [{ id: "start", type: "Default", data: { name: "Greeting", isStart: true, text: "Hi" } }],
  edges: [{ id: "e1", source: "start", target: "nowhere", label: "go" }],
};
`;
}

/** A project with the module on disk; `runs()` counts how often its code ran. */
function project() {
  const dir = tempDir("pathwaykit-lsp-modules-");
  writeFileSync(path.join(dir, "package.json"), "{}\n");
  const marker = path.join(dir, "marker.txt");
  const file = path.join(dir, "evil.pathway.ts");
  const text = evilModule(marker);
  writeFileSync(file, text);
  return { dir, file, text, runs: () => (existsSync(marker) ? readFileSync(marker, "utf8").split("\n").filter(Boolean).length : 0) };
}

const INFORMATION = 3;

describe("pathway lsp with *.pathway.ts modules", () => {
  it("runs nothing on open, change or save by default, and says once why the module is not analysed and how to allow it", async () => {
    const { dir, file, text, runs } = project();
    const lsp = await startLsp(dir);
    try {
      const uri = await lsp.open(file, text, "typescript");
      const opened = await lsp.diagnostics(uri);
      expect(opened).toEqual([expect.objectContaining({ code: "module-not-run", severity: INFORMATION })]);
      expect(opened[0]!.message).toMatch(/by running it, as `pathway build` does, and its code runs with your permissions/);
      expect(opened[0]!.message).toMatch(/trust the workspace \(VS Code\) or set pathwaykit\.runModules to true/);
      expect(runs()).toBe(0);
      await lsp.change(uri, `${text}\n// edited\n`);
      await lsp.save(uri);
      expect((await lsp.diagnostics(uri)).map((d) => d.code)).toEqual(["module-not-run"]);
      expect(runs()).toBe(0);
    } finally {
      expect(await lsp.stop()).toBe(0);
    }
    expect(runs()).toBe(0);
  });

  const allowed: [string, LspClientOptions][] = [
    ["initializationOptions", { initializationOptions: { runModules: true } }],
    ["the pathwaykit section of the workspace configuration", { configuration: { pathwaykit: { runModules: true } } }],
  ];
  for (const [how, client] of allowed) {
    it(`with runModules set in ${how}: runs nothing on open or change, and builds the module once on each save`, async () => {
      const { dir, file, text, runs } = project();
      const lsp = await startLsp(dir, {}, client);
      try {
        const uri = await lsp.open(file, text, "typescript");
        await lsp.change(uri, `${text}\n// edited\n`);
        // A request answered after the open and the change: both have been handled.
        await lsp.connection.sendRequest("textDocument/documentSymbol", { textDocument: { uri } });
        expect(runs()).toBe(0);
        await lsp.save(uri);
        const built = await lsp.diagnostics(uri, (d) => d.some((x) => x.code === "unknown-edge-endpoint"), 60_000);
        expect(built.map((d) => d.code)).toEqual(["unknown-edge-endpoint"]);
        expect(runs()).toBe(1);
        await lsp.save(uri);
        await lsp.diagnostics(uri, (d) => d.some((x) => x.code === "unknown-edge-endpoint"), 60_000);
        expect(runs()).toBe(2);
      } finally {
        expect(await lsp.stop()).toBe(0);
      }
    }, 120_000);
  }

  it("with runModules on, does not run a module again when the config changes (only a save runs it)", async () => {
    const { dir, file, text, runs } = project();
    const lsp = await startLsp(dir, {}, { initializationOptions: { runModules: true } });
    try {
      const uri = await lsp.open(file, text, "typescript");
      const config = await lsp.open(path.join(dir, "pathway.config.json"), "{}\n");
      await lsp.diagnostics(config);
      // A config edit re-analyses every open document that depends on it, after the same debounce as its own analysis.
      await lsp.change(config, `{ "rules": { "dead-end": "off" } }\n`);
      await lsp.diagnostics(config);
      await lsp.save(uri);
      await lsp.diagnostics(uri, (d) => d.some((x) => x.code === "unknown-edge-endpoint"), 60_000);
      expect(runs()).toBe(1);
    } finally {
      expect(await lsp.stop()).toBe(0);
    }
    expect(runs()).toBe(1);
  }, 120_000);

  it("logs a runModules setting of the wrong type and keeps modules off", async () => {
    const { dir, file, text, runs } = project();
    const lsp = await startLsp(dir, {}, { initializationOptions: { runModules: "yes" } });
    try {
      await lsp.log(/pathwaykit\.runModules is "yes", which is not a valid value; it keeps false/, 0);
      const uri = await lsp.open(file, text, "typescript");
      expect((await lsp.diagnostics(uri)).map((d) => d.code)).toEqual(["module-not-run"]);
      await lsp.save(uri);
      expect((await lsp.diagnostics(uri)).map((d) => d.code)).toEqual(["module-not-run"]);
      expect(runs()).toBe(0);
    } finally {
      expect(await lsp.stop()).toBe(0);
    }
  });
});
