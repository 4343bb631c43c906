// `pathway report --watch` and `--serve`: the page is written again when a file it is made from is saved, and a page served on loopback reloads.
import path from "node:path";
import { CONFIG_FILE_NAME } from "../engine/project/config.js";
import type { FileChange } from "../engine/watch/watch-files.js";
import type { ReportData } from "../report/report-data.js";
import type { CliIo } from "./io.js";
import { watchCommand } from "./watch.js";

/** What the watched report is made from, and how it is shown. */
export interface ReportWatchOptions {
  /** The pathway, --base, --coverage, --config and --calls paths (undefined and remote: ones are skipped). */
  sources: ReadonlyArray<string | undefined>;
  /** The --scenarios folder or file: a save anywhere under it counts. */
  scenarios: string | undefined;
  json: boolean;
  serve: boolean;
  port: number | undefined;
}

/** Runs the report once, then again on each relevant save; `render` writes the page and hands its data to the server. */
export async function watchReport(
  options: ReportWatchOptions,
  io: CliIo,
  render: (runIo: CliIo, onWritten: (data: ReportData) => void) => Promise<number>,
): Promise<void> {
  const { serveReport } = await import("../engine/review/serve-report.js"); // why: only --serve starts a server
  const server = options.serve ? await serveReport({ ...(options.port !== undefined && { port: options.port }) }) : undefined;
  if (server) io.stderr.write(`pathway: serving the report at ${server.url} (it reloads when the page is rewritten)\n`);
  const sources = options.sources.flatMap((f) => (f === undefined || f.startsWith("remote:") ? [] : [path.resolve(io.cwd, f)]));
  const scenarios = options.scenarios === undefined ? undefined : path.resolve(io.cwd, options.scenarios);
  const affects = (changes: readonly FileChange[]) =>
    changes.some(
      (c) =>
        sources.some((s) => c.file === s || c.file.startsWith(s + path.sep)) ||
        path.basename(c.file) === CONFIG_FILE_NAME ||
        (scenarios !== undefined && (c.file === scenarios || c.file.startsWith(scenarios + path.sep))),
    );
  try {
    await watchCommand(io, {
      json: options.json,
      toFile: false,
      run: async (changes, runIo) => {
        if (changes && !affects(changes)) return false;
        await render(runIo, (data) => server?.show(data));
        return true;
      },
    });
  } finally {
    await server?.close();
  }
}
