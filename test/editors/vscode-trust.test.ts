// The VS Code extension and workspace trust: its manifest declares limited support, and in a workspace not trusted it starts only its own server copy, which may not run modules.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chooseServer, withTrust } from "../../editors/vscode/src/trust.js";
import { DEFAULT_LSP_CONFIG } from "../../src/lsp/settings.js";
import { ROOT } from "../support/cli.js";

const manifest = JSON.parse(readFileSync(path.join(ROOT, "editors/vscode/package.json"), "utf8")) as {
  capabilities?: { untrustedWorkspaces?: { supported: unknown; description?: string; restrictedConfigurations?: string[] } };
  contributes: { configuration: { properties: Record<string, { default?: unknown }> } };
};

describe("the VS Code extension in a workspace that is not trusted", () => {
  it("declares limited support, says what is held back, and restricts the settings that choose what runs", () => {
    const untrusted = manifest.capabilities?.untrustedWorkspaces;
    expect(untrusted?.supported).toBe("limited");
    expect(untrusted?.description).toMatch(/does not build \*\.pathway\.ts modules \(building one runs its code\)/);
    // What runs, and the budgets that keep an analysis from holding the editor up: a workspace cannot change them.
    expect(untrusted?.restrictedConfigurations).toEqual([
      "pathwaykit.serverPath",
      "pathwaykit.maxDocumentSizeMB",
      "pathwaykit.analysisTimeoutSeconds",
      "pathwaykit.analysisMemoryMB",
    ]);
    // Each restricted name is a setting the extension contributes (a typo would restrict nothing).
    for (const name of untrusted?.restrictedConfigurations ?? []) expect(Object.keys(manifest.contributes.configuration.properties)).toContain(name);
  });

  it("starts the bundled server, not the project's node_modules/pathwaykit, until the workspace is trusted", () => {
    const candidates = { projectScripts: ["/project/node_modules/pathwaykit/bin/pathway.cjs"], bundled: "/extension/server/bin/pathway.cjs" };
    expect(chooseServer({ ...candidates, trusted: false })).toEqual({ script: "/extension/server/bin/pathway.cjs", bundled: true });
    expect(chooseServer({ ...candidates, trusted: true })).toEqual({ script: "/project/node_modules/pathwaykit/bin/pathway.cjs" });
    // serverPath as VS Code returns it (in a restricted workspace, the user's own value only) is the user's choice.
    expect(chooseServer({ ...candidates, trusted: false, configured: "/usr/local/bin/pathway" })).toEqual({ command: "/usr/local/bin/pathway" });
  });

  it("tells the server to run modules exactly when the workspace is trusted, whatever the settings say", () => {
    expect(withTrust({ runModules: true, other: 1 }, false)).toEqual({ runModules: false, other: 1 });
    expect(withTrust(null, true)).toEqual({ runModules: true });
    expect(withTrust({ runModules: false }, true)).toEqual({ runModules: true });
  });
});

describe("the VS Code extension's settings", () => {
  it("offers the server's budgets with the server's own defaults", () => {
    const properties = manifest.contributes.configuration.properties;
    for (const key of ["maxDocumentSizeMB", "analysisTimeoutSeconds", "analysisMemoryMB"] as const)
      expect(properties[`pathwaykit.${key}`]?.default).toBe(DEFAULT_LSP_CONFIG[key]);
  });
});
