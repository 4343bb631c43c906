// The run's one Chromium (Debian's browser, headless, with the flags the renderer uses) for a test file, in a context of the file's own, and a report page opened in it.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll } from "vitest";
import { getSharedBrowserEndpoint } from "./shared-browser.js";

/** The puppeteer browser type, without importing puppeteer at load. */
export type Browser = Awaited<ReturnType<typeof import("puppeteer").default.launch>>;

/** The part of a browser a test uses: pages, opened in the file's own context (cookies, storage and pages apart). */
export type BrowserContext = Awaited<ReturnType<Browser["createBrowserContext"]>>;

/**
 * Connects to the run's browser before the file's tests (starting it if no file has) and gives the file a context of
 * its own, closed after the file; read `.current` inside a test. Launching a browser per file cost about a second each.
 */
export function useBrowser(): { current: BrowserContext } {
  const holder = {} as { current: BrowserContext };
  let browser: Browser | undefined;
  beforeAll(async () => {
    const { default: puppeteer } = await import("puppeteer");
    browser = await puppeteer.connect({ browserWSEndpoint: await getSharedBrowserEndpoint() });
    holder.current = await browser.createBrowserContext();
  }, 120_000);
  afterAll(async () => {
    await holder.current?.close();
    await browser?.disconnect();
  });
  return holder;
}

/** A page opened by openReportPage: the page, every request but its own (all aborted), console errors and dialogs. */
export interface OpenedReport {
  page: Awaited<ReturnType<Browser["newPage"]>>;
  requests: string[];
  errors: string[];
}

/**
 * Writes a report's `html` to `file` and opens it from its file:// URL at 1400x900, recording every request but the
 * page itself (and aborting it), console errors and dialogs; resolves once the page's script has drawn it.
 */
export async function openReportPage(browser: BrowserContext, file: string, html: string): Promise<OpenedReport> {
  writeFileSync(file, html);
  const url = pathToFileURL(file).href;
  const page = await browser.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  await page.setRequestInterception(true);
  page.on("request", (r) => {
    if (r.url() !== url) requests.push(r.url());
    void (r.url() === url ? r.continue() : r.abort()).catch(() => undefined);
  });
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("dialog", (d) => {
    errors.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.setViewport({ width: 1400, height: 900 });
  await page.goto(url, { waitUntil: "load" });
  await page.waitForSelector("body[data-ready=true]", { timeout: 20_000 });
  return { page, requests, errors };
}
