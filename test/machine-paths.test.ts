// No file in the repository names a path of this machine (the checkout's parent folder or the home folder): such paths exist on no user's machine.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "./support/cli.js";

/** Folders of this machine that no committed file may name. */
const machineFolders = [path.dirname(ROOT) + path.sep, homedir() + path.sep].filter((p) => p !== path.sep);

describe("the repository", () => {
  it("names no folder of the machine it was written on", () => {
    const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
      .split("\0")
      .filter((f) => f !== "" && !f.endsWith("package-lock.json"));
    const offenders = files.flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(path.join(ROOT, file), "utf8");
      } catch {
        return []; // deleted in the working tree, or not readable as text
      }
      return machineFolders.filter((folder) => text.includes(folder)).map((folder) => `${file} names ${folder}`);
    });
    expect(offenders).toEqual([]);
  });
});
