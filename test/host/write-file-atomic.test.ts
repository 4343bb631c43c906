// Atomic writes on a real file system: modes kept, symlinks written through, hard links kept, no temp file left even after SIGKILL.
import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TEMP_MARKER, writeFileAtomic } from "../../src/host/write-file-atomic.js";
import { ROOT } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

const unix = process.platform !== "win32";
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "pathwaykit-atomic-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});
const at = (name: string) => path.join(dir, name);
const temps = () =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((n) => n.includes(TEMP_MARKER));

describe("writeFileAtomic", () => {
  it.runIf(unix)("keeps the target's permission bits (0600 stays 0600, 0755 stays 0755)", async () => {
    for (const mode of [0o600, 0o755]) {
      writeFileSync(at("f"), "old");
      chmodSync(at("f"), mode);
      await writeFileAtomic(at("f"), "new");
      expect(statSync(at("f")).mode & 0o777).toBe(mode);
      expect(readFileSync(at("f"), "utf8")).toBe("new");
    }
  });

  it.runIf(unix)("writes through a symlink to its target; the link stays a link (also a chain, and a dangling link)", async () => {
    mkdirSync(at("real"));
    writeFileSync(at("real/p.json"), "old");
    symlinkSync("real/p.json", at("link1"));
    symlinkSync("link1", at("link2"));
    await writeFileAtomic(at("link2"), "new");
    expect(lstatSync(at("link2")).isSymbolicLink() && lstatSync(at("link1")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(at("link1"))).toBe("real/p.json");
    expect(readFileSync(at("real/p.json"), "utf8")).toBe("new");
    symlinkSync("real/missing.json", at("dangling"));
    await writeFileAtomic(at("dangling"), "created");
    expect(lstatSync(at("dangling")).isSymbolicLink()).toBe(true);
    expect(readFileSync(at("real/missing.json"), "utf8")).toBe("created");
    expect(temps()).toEqual([]);
  });

  it.runIf(unix)("keeps hard links one file", async () => {
    writeFileSync(at("a"), "old");
    linkSync(at("a"), at("b"));
    await writeFileAtomic(at("a"), "new");
    expect(readFileSync(at("b"), "utf8")).toBe("new");
    expect(statSync(at("a")).ino).toBe(statSync(at("b")).ino);
    expect(temps()).toEqual([]);
  });

  it("leaves no temp file when the write fails, and the old content is untouched", async () => {
    mkdirSync(at("d"));
    writeFileSync(at("d/x"), "inside");
    await expect(writeFileAtomic(at("d"), "new")).rejects.toThrow();
    expect(readFileSync(at("d/x"), "utf8")).toBe("inside");
    expect(temps()).toEqual([]);
  });

  it.runIf(unix)(
    "after a real SIGKILL mid-write the old file is intact, and the next write removes the stray temp file",
    async () => {
      writeFileSync(at("p.json"), "old");
      // The child stops for good just before the rename (its sync never returns), tells us, and is killed outright.
      const script = `
      import fs from "node:fs";
      import { syncBuiltinESMExports } from "node:module";
      fs.fsyncSync = () => { fs.writeSync(1, "ready\\n"); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0); };
      syncBuiltinESMExports();
      const { writeFileAtomic } = await import(${JSON.stringify(path.join(ROOT, "src/host/write-file-atomic.ts"))});
      await writeFileAtomic(${JSON.stringify(at("p.json"))}, "x".repeat(1 << 20));`;
      const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (d: Buffer) => d.toString().includes("ready") && resolve());
        child.on("exit", (code) => reject(new Error(`child exited early (${code})`)));
      });
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
      expect(child.signalCode).toBe("SIGKILL");
      expect(readFileSync(at("p.json"), "utf8")).toBe("old");
      expect(temps()).toHaveLength(1);
      await writeFileAtomic(at("p.json"), "new");
      expect(readFileSync(at("p.json"), "utf8")).toBe("new");
      expect(temps()).toEqual([]);
    },
    20_000,
  );

  it("leaves a file that already holds the content alone, and rewrites one of the same size that differs", async () => {
    writeFileSync(at("same.yaml"), "name: a\n");
    utimesSync(at("same.yaml"), new Date("2020-01-01T00:00:00Z"), new Date("2020-01-01T00:00:00Z"));
    const before = statSync(at("same.yaml"));
    await writeFileAtomic(at("same.yaml"), "name: a\n");
    await writeFileAtomic(at("same.yaml"), new TextEncoder().encode("name: a\n"));
    expect(statSync(at("same.yaml"))).toMatchObject({ ino: before.ino, mtimeMs: before.mtimeMs });
    await writeFileAtomic(at("same.yaml"), "name: b\n");
    expect(readFileSync(at("same.yaml"), "utf8")).toBe("name: b\n");
    expect(statSync(at("same.yaml")).mtimeMs).toBeGreaterThan(before.mtimeMs);
    expect(temps()).toEqual([]);
  });

  it("never removes files that only look a little like ours", async () => {
    writeFileSync(at(`.p.json${TEMP_MARKER}notapid`), "keep");
    writeFileSync(at(`.other.json${TEMP_MARKER}1-abcd`), "keep");
    await writeFileAtomic(at("p.json"), "new");
    expect(existsSync(at(`.p.json${TEMP_MARKER}notapid`)) && existsSync(at(`.other.json${TEMP_MARKER}1-abcd`))).toBe(true);
  });
});

describe("commands write through the atomic writer", () => {
  const pathway = { nodes: [{ data: { name: "Start", isStart: true, text: "Hi" }, type: "Default", id: "1" }], edges: [] };
  it.runIf(unix)("fmt formats a symlink's target (the link stays), and keeps a 0600 file 0600", async () => {
    mkdirSync(at("real"));
    writeFileSync(at("real/p.json"), JSON.stringify(pathway));
    chmodSync(at("real/p.json"), 0o600);
    symlinkSync("real/p.json", at("link.json"));
    const result = await runMain(["fmt", "link.json"], { cwd: dir });
    expect(result.code).toBe(0);
    expect(lstatSync(at("link.json")).isSymbolicLink()).toBe(true);
    expect(readFileSync(at("real/p.json"), "utf8")).toMatch(/^\{\n {2}"nodes"/);
    expect(statSync(at("real/p.json")).mode & 0o777).toBe(0o600);
    expect(temps()).toEqual([]);
  });
});
