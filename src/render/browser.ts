// Where the system Chromium is, how it is launched, and the error that says how to install one.
import { accessSync, constants } from "node:fs";

/** The Chromium Debian's `chromium` package installs. */
export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/** Flags for a headless, sandbox-less (root in containers), quiet Chromium that never phones home. */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** A browser executable and which setting named it. */
export interface BrowserLocation {
  path: string;
  source: "PATHWAYKIT_CHROMIUM" | "PUPPETEER_EXECUTABLE_PATH" | "default";
}

/** How to get a browser, for messages. */
export const BROWSER_INSTALL_HINT =
  "Install Chromium (Debian/Ubuntu: `sudo apt-get install -y chromium`, or run `bash scripts/ensure-chromium.sh` in a pathwaykit checkout) " +
  "or set PATHWAYKIT_CHROMIUM to the path of a Chrome or Chromium executable.";

/** The browser to launch: `PATHWAYKIT_CHROMIUM`, else `PUPPETEER_EXECUTABLE_PATH`, else /usr/bin/chromium. */
export function getBrowserLocation(env: Readonly<Record<string, string | undefined>>): BrowserLocation {
  const own = env.PATHWAYKIT_CHROMIUM?.trim();
  if (own) return { path: own, source: "PATHWAYKIT_CHROMIUM" };
  const puppeteer = env.PUPPETEER_EXECUTABLE_PATH?.trim();
  if (puppeteer) return { path: puppeteer, source: "PUPPETEER_EXECUTABLE_PATH" };
  return { path: DEFAULT_CHROMIUM_PATH, source: "default" };
}

/** No usable browser: missing, not executable, or it would not start. The message says what to do. */
export class BrowserUnavailableError extends Error {
  constructor(
    readonly location: BrowserLocation,
    readonly reason: string,
  ) {
    super(`cannot start a browser to render diagrams: ${reason}. ${BROWSER_INSTALL_HINT}`);
    this.name = "BrowserUnavailableError";
  }
}

/** Throws BrowserUnavailableError when `location` is not an executable file. */
export function assertBrowserExecutable(location: BrowserLocation): void {
  try {
    accessSync(location.path, constants.X_OK);
  } catch {
    const from = location.source === "default" ? "" : ` (from ${location.source})`;
    throw new BrowserUnavailableError(location, `no executable browser at ${location.path}${from}`);
  }
}
