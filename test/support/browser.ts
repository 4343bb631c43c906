// One Chromium for a test file (Debian's browser, headless, with the flags the renderer uses, closed after the file), and a report page opened in it.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll } from "vitest";
import { CHROMIUM_ARGS, getBrowserLocation } from "../../src/render/index.js";

/** The puppeteer browser type, without importing puppeteer at load. */
export type Browser = Awaited<ReturnType<typeof import("puppeteer").default.launch>>;

/** Launches the browser before the file's tests and closes it after; read `.current` inside a test. */
export function useBrowser(): { current: Browser } {
  const holder = {} as { current: Browser };
  beforeAll(async () => {
    const { default: puppeteer } = await import("puppeteer");
    holder.current = await puppeteer.launch({ executablePath: getBrowserLocation(process.env).path, headless: true, args: [...CHROMIUM_ARGS] });
  }, 120_000);
  afterAll(async () => {
    await holder.current?.close();
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
export async function openReportPage(browser: Browser, file: string, html: string): Promise<OpenedReport> {
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
