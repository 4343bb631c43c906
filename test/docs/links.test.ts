// Every relative link and #anchor in README.md and docs/ resolves, by GitHub's anchor rules; so does every link into the docs a message or help text prints.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOCS_URL, getAnchors, getLinks, toGitHubSlug } from "../../scripts/docs/markdown.js";
import { ROOT } from "../support/cli.js";

/** README.md and every Markdown page under docs/ (the rules' hand-written parts are sources, not pages). */
function pages(): string[] {
  const docs = readdirSync(path.join(ROOT, "docs"), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter((f) => !/^docs\/(rules|reference)\/src\//.test(f));
  return ["README.md", ...docs.sort()];
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (!anchors) anchorCache.set(file, (anchors = getAnchors(readFileSync(path.join(ROOT, file), "utf8"))));
  return anchors;
}

/** Why a link from `from` (a repository path) does not resolve, or undefined when it does. */
function brokenLink(from: string, link: string): string | undefined {
  const [target = "", anchor] = link.split("#") as [string, string | undefined];
  const file = target === "" ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), decodeURI(target)));
  if (file.startsWith("..")) return "leaves the repository";
  if (!existsSync(path.join(ROOT, file))) return "no such file";
  if (anchor === undefined || anchor === "") return undefined;
  if (statSync(path.join(ROOT, file)).isDirectory() || !file.endsWith(".md")) return "an anchor into a file that is not Markdown";
  return anchorsOf(file).has(decodeURIComponent(anchor)) ? undefined : `no heading or <a id> "${anchor}"`;
}

describe("links in README.md and docs/", () => {
  it("uses GitHub's anchors: lower case, punctuation dropped, spaces as hyphens, repeats numbered", () => {
    expect(toGitHubSlug("Paths in the project's files")).toBe("paths-in-the-projects-files");
    expect(toGitHubSlug("Receive the call-end webhook: calls listen")).toBe("receive-the-call-end-webhook-calls-listen");
    expect(toGitHubSlug("How `pathway` starts")).toBe("how-pathway-starts");
    expect([...getAnchors('# A\n## Exit codes\n```\n# not a heading\n```\n## Exit codes\n<a id="x"></a>')]).toEqual(["a", "exit-codes", "exit-codes-1", "x"]);
  });

  it("finds the links it checks (the check below can fail)", () => {
    expect(getLinks("[a](b.md#c) `[x](y)` ![i](img.png)\n```\n[z](w)\n```")).toEqual(["b.md#c", "img.png"]);
    expect(brokenLink("docs/cli.md", "nowhere.md")).toBe("no such file");
    expect(brokenLink("docs/cli.md", "#no-such-heading")).toMatch(/^no heading/);
  });

  it.each(pages())("%s: every relative link and anchor resolves", (page) => {
    const broken = getLinks(readFileSync(path.join(ROOT, page), "utf8"))
      .filter((link) => !/^[a-z][a-z0-9+.-]*:/i.test(link))
      .flatMap((link) => {
        const why = brokenLink(page, link);
        return why ? [`${link}: ${why}`] : [];
      });
    expect(broken).toEqual([]);
  });

  it("every link into this repository's docs, in the pages and in what the code prints, names a page and heading that exist", () => {
    const sources = readdirSync(path.join(ROOT, "src"), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith(".ts"))
      .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
    const escaped = DOCS_URL.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    const found: { from: string; link: string }[] = [];
    for (const file of [...sources, ...pages()]) {
      for (const m of readFileSync(path.join(ROOT, file), "utf8").matchAll(new RegExp(`${escaped}(docs/[\\w./-]*[\\w/](?:#[\\w-]+)?)`, "g")))
        found.push({ from: file, link: m[1]! });
    }
    // The rules' docs URLs are built from the id (src/rules/define.ts); their pages are checked in the rule docs test.
    expect(found.length).toBeGreaterThan(5);
    expect(found.flatMap(({ from, link }) => (brokenLink("README.md", link) ? [`${from}: ${link}: ${brokenLink("README.md", link)}`] : []))).toEqual([]);
  });
});
