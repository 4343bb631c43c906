// Secrets never reach a review page or a diff: header pairs, JSON bodies, URL credentials and query keys, old and new.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse as parseHtml } from "parse5";
import { describe, expect, it } from "vitest";
import { MASK } from "../../src/report/index.js";
import { tempDir } from "../support/cli.js";
import { runMain } from "../support/run-main.js";

const OLD = ["old-hdr-7Q2x9", "old-body-K3y8p", "old-url-T0k3n", "old-pw-Zx81"];
const NEW = ["new-hdr-9W4z1", "new-body-P5q2r", "new-url-R7s6t", "new-add-Vb55c"];

/** A webhook pathway carrying the given secrets where real exports put them. */
function webhookPathway(s: string[], extraHeader: boolean): unknown {
  const headers: [string, string][] = [
    ["authorization", `Bearer ${s[0]}`],
    ["Content-Type", "application/json"],
  ];
  if (extraHeader) headers.push(["X-Api-Key", s[3]!]);
  return {
    name: "Hooks",
    nodes: [
      { id: "start", type: "Default", data: { name: "Start", isStart: true, text: "Hello" } },
      {
        id: "hook",
        type: "Webhook",
        data: {
          name: "Check record",
          prompt: "One moment.",
          method: "POST",
          url: `https://svc:${s[3]}@api.example.com/v1/check?api_key=${s[2]}&mode=live`,
          headers,
          body: `{"patient_id": "{{patient_id}}", "api_key": "${s[1]}", "call_id": "{{call_id}}"}`,
        },
      },
      { id: "end", type: "End Call", data: { name: "Bye", text: "Bye" } },
    ],
    edges: [
      { id: "e1", source: "start", target: "hook", label: "always" },
      { id: "e2", source: "hook", target: "end", label: "done" },
    ],
  };
}

/** The page's embedded data, read with a real HTML parser (the element the page's script reads). */
function pageData(html: string): {
  nodes: { id: string; diff?: string; data: Record<string, unknown>; changes?: { path: string; before?: unknown; after?: unknown }[] }[];
} {
  type El = { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: El[]; value?: string };
  const find = (n: El): El | undefined => {
    if (n.nodeName === "script" && n.attrs?.some((a) => a.name === "id" && a.value === "report-data")) return n;
    for (const c of n.childNodes ?? []) {
      const hit = find(c);
      if (hit) return hit;
    }
    return undefined;
  };
  const script = find(parseHtml(html) as unknown as El)!;
  return JSON.parse(script.childNodes![0]!.value!) as ReturnType<typeof pageData>;
}

function setUp(): { dir: string; base: string; current: string } {
  const dir = tempDir();
  const base = path.join(dir, "old.json");
  const current = path.join(dir, "hooks.json");
  writeFileSync(base, JSON.stringify(webhookPathway([...OLD.slice(0, 3), OLD[3]!], false), null, 2));
  writeFileSync(current, JSON.stringify(webhookPathway(NEW, true), null, 2));
  return { dir, base, current };
}

const leaks = (text: string) => [...OLD, ...NEW].filter((s) => text.includes(s));

describe("masking in pages and diffs", () => {
  it("report --base: a changed webhook header pair, body key and URL secrets are masked old and new, header names kept", async () => {
    const { dir, base, current } = setUp();
    const out = path.join(dir, "review.html");
    const r = await runMain(["report", current, "--base", base, "-o", out]);
    expect(r.code).toBe(0);
    const html = readFileSync(out, "utf8");
    expect(leaks(html)).toEqual([]);
    const hook = pageData(html).nodes.find((n) => n.id === "hook")!;
    expect(hook.diff).toBe("changed");
    expect(hook.data.headers).toEqual([
      ["authorization", MASK],
      ["Content-Type", MASK],
      ["X-Api-Key", MASK],
    ]);
    expect(hook.data.body).toBe(`{"patient_id": "{{patient_id}}", "api_key": "${MASK}", "call_id": "{{call_id}}"}`);
    expect(hook.data.url).toBe(`https://svc:${MASK}@api.example.com/v1/check?api_key=${MASK}&mode=live`);
    const headerChange = hook.changes!.find((c) => c.path === "data.headers")!;
    expect(headerChange.before).toEqual([
      ["authorization", MASK],
      ["Content-Type", MASK],
    ]);
    expect(headerChange.after).toEqual([
      ["authorization", MASK],
      ["Content-Type", MASK],
      ["X-Api-Key", MASK],
    ]);
    expect(leaks(r.stdout + r.stderr)).toEqual([]);
  }, 60_000);

  for (const format of ["text", "md", "json"]) {
    it(`diff --format ${format} masks both sides, and still reports the change`, async () => {
      const { dir, base, current } = setUp();
      const r = await runMain(["diff", base, current, "--format", format, "-o", path.join(dir, `d.${format}`)]);
      expect(r.code).toBe(1);
      const text = readFileSync(path.join(dir, `d.${format}`), "utf8");
      expect(leaks(text)).toEqual([]);
      expect(text).toContain("X-Api-Key");
      expect(text).toContain(MASK);
      if (format === "json")
        expect((JSON.parse(text) as { changes: { path: string[] }[] }).changes.map((c) => c.path.join("."))).toEqual(
          expect.arrayContaining(["data.headers", "data.body", "data.url"]),
        );
    });
  }
});
