// `pathway report --serve`: the page over loopback HTTP, reloaded in a real Chromium when a saved pathway rewrites it.
import { readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT, runCli, tempDir } from "../support/cli.js";
import { startWatch, type WatchProcess } from "../support/watch-process.js";
import { useBrowser } from "../support/browser.js";

/** The page's global object, reached inside page.evaluate (this package compiles without DOM types). */
type PageGlobal = { document: { title: string }; __old?: boolean };

const PATHWAY = readFileSync(path.join(ROOT, "pathways/appointment-booking.json"), "utf8");

const chromium = useBrowser();
const running: WatchProcess[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
});

/** Starts `report a.json --serve` in a fresh folder and returns the process, the folder and the page's address. */
async function serve(): Promise<{ w: WatchProcess; dir: string; url: string }> {
  const dir = tempDir();
  writeFileSync(path.join(dir, "a.json"), PATHWAY);
  const w = startWatch(["report", "a.json", "--serve", "--port", "0"], dir);
  running.push(w);
  await w.waitFor((out, err) => err.includes("pathway: watching") && out.includes("wrote a.report.html"));
  const url = /serving the report at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(w.stderr())![1]!;
  return { w, dir, url };
}

/** A GET with a chosen Host header (fetch cannot set it), answering status, headers and body. */
function get(url: string, host?: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: host === undefined ? {} : { host } }, (res) => {
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("pathway report --serve", () => {
  it("serves the page on 127.0.0.1 with a CSP that allows only its own reload events, and refuses other hosts", async () => {
    const { url } = await serve();
    const page = await get(url);
    expect(page.status).toBe(200);
    expect(page.body).toContain("<!doctype html>");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(page.body).toContain(`content="${csp.replace(/'/g, "&#39;")}"`);
    expect((await get(url, "attacker.example:80")).status).toBe(403);
    expect((await get(`${url}other`)).status).toBe(404);
  }, 120_000);

  it("reloads an open page when a save rewrites it, and exits 0 on Ctrl-C", async () => {
    const { w, dir, url } = await serve();
    const tab = await chromium.current.newPage();
    const violations: string[] = [];
    tab.on("console", (m) => {
      if (/Content Security Policy|Refused/i.test(m.text())) violations.push(m.text());
    });
    await tab.goto(url);
    // The stream is open once the server said so; a marker on window is gone after a reload.
    await tab.waitForFunction(() => (globalThis as unknown as PageGlobal).document.title.length > 0);
    await tab.evaluate(() => ((globalThis as unknown as PageGlobal).__old = true));
    // A save reloads the page once its event stream is open, which the page marks.
    await tab.waitForSelector("html[data-reload=listening]", { timeout: 60_000 });
    const reloaded = tab.waitForNavigation({ timeout: 60_000 });
    writeFileSync(path.join(dir, "a.json"), PATHWAY.replace('"Appointment booking"', '"Appointment booking, renamed"'));
    await reloaded;
    expect(await tab.evaluate(() => (globalThis as unknown as PageGlobal).__old)).toBeUndefined();
    expect(await tab.content()).toContain("renamed");
    expect(violations).toEqual([]);
    await tab.close();
    expect(await w.stop()).toBe(0);
  }, 120_000);

  it("needs --serve for --port (exit 2)", () => {
    const result = runCli(["report", "pathways/appointment-booking.json", "--port", "8080"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--port");
  });
});
