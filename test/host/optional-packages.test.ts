// Which errors are an optional package missing, and the one install command each feature's error names.
import { createRequire } from "node:module";
import { describe, expect, test } from "vitest";
import { createMissingPackageError, getInstallCommand, isMissingOptionalPackage, type OptionalFeature } from "../../src/host/optional-packages.js";

/** An error as Node raises it (code and first line of the message as Node 20 writes them). */
const nodeError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("isMissingOptionalPackage", () => {
  const cases: [string, unknown, OptionalFeature, boolean][] = [
    [
      "import() of the package",
      nodeError("ERR_MODULE_NOT_FOUND", "Cannot find package 'tsx' imported from /app/node_modules/pathwaykit/dist/bundle/chunk.js"),
      "build",
      true,
    ],
    [
      "require.resolve of a file in the package",
      nodeError("MODULE_NOT_FOUND", "Cannot find module 'mermaid/dist/mermaid.min.js'\nRequire stack:\n- /app/x.js"),
      "images",
      true,
    ],
    ["the other package of the feature", nodeError("ERR_MODULE_NOT_FOUND", "Cannot find package 'puppeteer-core' imported from /app/x.js"), "images", true],
    ["a package of another feature", nodeError("ERR_MODULE_NOT_FOUND", "Cannot find package 'ts-morph' imported from /app/x.js"), "build", false],
    [
      "a dependency missing inside an installed package",
      nodeError("ERR_MODULE_NOT_FOUND", "Cannot find package 'esbuild' imported from /app/node_modules/tsx/dist/x.mjs"),
      "build",
      false,
    ],
    ["a package whose name only starts alike", nodeError("ERR_MODULE_NOT_FOUND", "Cannot find package 'tsx-extra' imported from /app/x.js"), "build", false],
    ["another error code", nodeError("ENOENT", "Cannot find package 'tsx'"), "build", false],
    ["not an error", { code: "ERR_MODULE_NOT_FOUND", message: "Cannot find package 'tsx'" }, "build", false],
  ];
  test.each(cases)("%s", (_name, error, feature, expected) => {
    expect(isMissingOptionalPackage(error, feature)).toBe(expected);
  });

  test("recognises the error Node really raises for a missing package", () => {
    let error: unknown;
    try {
      createRequire(import.meta.url).resolve("ts-morph-not-installed/x.js");
    } catch (e) {
      error = e;
    }
    expect((error as { code?: string }).code).toBe("MODULE_NOT_FOUND");
    expect((error as Error).message).toMatch(/^Cannot find module 'ts-morph-not-installed\/x\.js'/);
    expect(isMissingOptionalPackage(error, "import")).toBe(false); // another package, though the name starts alike
  });
});

describe("createMissingPackageError", () => {
  test.each([
    [
      "images",
      "Drawing images with Mermaid (diagram -f svg), and any PNG or PDF, needs mermaid and puppeteer-core",
      "npm i -D mermaid@^11.17.2 puppeteer-core@^24.43.1",
    ],
    ["import", "pathway import needs ts-morph", "npm i -D ts-morph@^28.0.0"],
    ["build", "pathway build needs tsx", "npm i -D tsx@^4.23.15"],
  ] as const)("%s: says what needs which package and the one command installing it (a config error: exit 2)", (feature, start, command) => {
    const error = createMissingPackageError(feature);
    expect([error.kind, error.reason, getInstallCommand(feature)]).toEqual(["config", "missing-package", command]);
    expect(error.message.startsWith(start)).toBe(true);
    expect(error.message.endsWith(`: ${command}`)).toBe(true);
  });

  test("says a way to do without the package on a line of its own, before the install command", () => {
    const error = createMissingPackageError("images", "To draw it without a browser or Mermaid, add --engine elk.");
    expect(error.message.split("\n")).toEqual([
      "Drawing images with Mermaid (diagram -f svg), and any PNG or PDF, needs mermaid and puppeteer-core, which pathwaykit leaves optional so that installs for validate, lint and test stay small.",
      "To draw it without a browser or Mermaid, add --engine elk.",
      `Or install them with: ${getInstallCommand("images")}`,
    ]);
  });
});
