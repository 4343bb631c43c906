// A lean install as a user's CI gets it (the packed package installed with npm, no optional peers): the checking commands work, and images, import and build name the one install command.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { getInstallCommand } from "../../src/host/optional-packages.js";
import { ROOT, tempDir } from "../support/cli.js";

const OPTIONAL = ["mermaid", "puppeteer-core", "ts-morph", "tsx"];
let dir = "";

/** Runs the installed `pathway` in the user's folder. */
function pathway(args: readonly string[], env: Record<string, string> = {}): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(dir, "node_modules/pathwaykit/bin/pathway.cjs"), ...args], {
    cwd: dir,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NO_COLOR: "1", ...env },
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** Bytes of every file under `folder`. */
function folderBytes(folder: string): number {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((sum, e) => sum + statSync(path.join(e.parentPath, e.name)).size, 0);
}

describe("a lean install (npm install of the packed package, without its optional peers)", () => {
  beforeAll(() => {
    dir = tempDir("pathwaykit-lean-");
    // npm's cache (filled by the repository's own install) serves the packages; the registry only what it lacks.
    const [packed] = JSON.parse(
      execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], {
        cwd: ROOT,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
      }),
    ) as [{ filename: string }];
    writeFileSync(path.join(dir, "package.json"), '{ "name": "lean-user", "private": true, "type": "module" }\n');
    execFileSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", path.join(dir, packed.filename)], {
      cwd: dir,
      stdio: "ignore",
    });
    mkdirSync(path.join(dir, "pathways"));
    for (const f of ["appointment-booking.json", "lead-qualification.json"]) cpSync(path.join(ROOT, "pathways", f), path.join(dir, "pathways", f));
    cpSync(path.join(ROOT, "pathways/scenarios/appointment-booking"), path.join(dir, "pathways/scenarios/appointment-booking"), { recursive: true });
  }, 600_000);

  test("installs none of the optional packages, and stays under 60 MB", () => {
    expect(OPTIONAL.filter((name) => existsSync(path.join(dir, "node_modules", name)))).toEqual([]);
    expect(existsSync(path.join(dir, "node_modules/elkjs"))).toBe(true);
    expect(folderBytes(path.join(dir, "node_modules"))).toBeLessThan(60_000_000);
  });

  test("validates, lints, runs scenarios, checks a request and diffs", () => {
    expect(pathway(["validate", "pathways/"])).toMatchObject({ code: 0, stdout: expect.stringContaining("2 files checked") });
    expect(pathway(["lint", "pathways/appointment-booking.json"]).code).toBe(0);
    expect(pathway(["test", "pathways/scenarios"])).toMatchObject({ code: 0, stderr: "" });
    writeFileSync(path.join(dir, "call.request.json"), '{ "phone_number": "+14155550123", "task": "Say hello and ask how we can help." }\n');
    expect(pathway(["check-request", "call.request.json"])).toMatchObject({ code: 0, stderr: "" });
    expect(pathway(["diff", "pathways/appointment-booking.json", "pathways/lead-qualification.json"]).code).toBe(1);
  });

  test("writes the HTML report with its ELK-drawn graph", () => {
    const r = pathway(["report", "pathways/appointment-booking.json", "-o", "report.html"]);
    expect([r.code, r.stderr]).toEqual([0, ""]);
    expect(readFileSync(path.join(dir, "report.html"), "utf8")).toContain("<svg");
  });

  test("drawing an image says the one command that installs mermaid and puppeteer-core (exit 2) and saves the Mermaid text", () => {
    // Any executable passes the browser check, so the missing packages are what stops the drawing.
    const r = pathway(["diagram", "pathways/appointment-booking.json", "-f", "svg", "-o", "booking.svg"], { PATHWAYKIT_CHROMIUM: process.execPath });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `needs mermaid and puppeteer-core, which pathwaykit leaves optional so that installs for validate, lint and test stay small.\nTo draw it without a browser or Mermaid, add --engine elk: `,
    );
    expect(r.stderr).toContain(`\nOr install them with: ${getInstallCommand("images")}\n`);
    // What it offers works in that same install: ELK draws the SVG in Node.
    expect(
      pathway(["diagram", "pathways/appointment-booking.json", "-f", "svg", "--engine", "elk", "-o", "booking.svg"], { PATHWAYKIT_CHROMIUM: process.execPath }),
    ).toMatchObject({ code: 0, stderr: "" });
    expect(readFileSync(path.join(dir, "booking.svg"), "utf8")).toContain("<svg");
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(dir, "booking.mmd"))).toBe(true);
  });

  test("import and build say the one command that installs ts-morph or tsx (exit 2, one line)", () => {
    const imported = pathway(["import", "pathways/appointment-booking.json", "-o", "booking.pathway.ts"]);
    expect([imported.code, imported.stdout]).toEqual([2, ""]);
    expect(imported.stderr).toBe(
      `pathway: pathway import needs ts-morph, which pathwaykit leaves optional so that installs for validate, lint and test stay small; install it with: ${getInstallCommand("import")}\n`,
    );
    writeFileSync(
      path.join(dir, "hello.pathway.ts"),
      'import { endCall, pathway } from "pathwaykit";\nexport default pathway({ name: "Hello" }).start("bye", endCall({ name: "Bye", text: "Bye" }));\n',
    );
    const built = pathway(["build", "hello.pathway.ts"]);
    expect([built.code, built.stdout]).toEqual([2, ""]);
    expect(built.stderr).toBe(
      `pathway: pathway build needs tsx, which pathwaykit leaves optional so that installs for validate, lint and test stay small; install it with: ${getInstallCommand("build")}\n`,
    );
  });
});
