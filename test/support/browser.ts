// One Chromium for a test file: Debian's browser, headless, with the flags the renderer uses, closed after the file.
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
