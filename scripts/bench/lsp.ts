// Bench: `pathway lsp` on a 1,000-node pathway: time from a one-character change to its diagnostics (median), and the server's peak memory against `pathway lint` of the same file.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node.js";
import { generatePathway } from "../generate-pathway.js";
import { type BenchSuite, PEAK_RSS_KB, ratio } from "./measure.js";

const BIN = fileURLToPath(new URL("../../bin/pathway.cjs", import.meta.url));
const CHANGES = 21;

/** Peak resident memory of a running process in MB (Linux: VmHWM in /proc/<pid>/status). */
function peakMb(pid: number): number | undefined {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : undefined;
}

/** Peak resident memory of `pathway lint <file>` in MB (the child's own maxRSS). */
function lintPeakMb(file: string): number | undefined {
  const main = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));
  const script = `const { main } = await import(${JSON.stringify(main)});\nawait main(["lint", ${JSON.stringify(file)}, "--format", "json"]);\nprocess.stderr.write("maxrss-kb " + ${PEAK_RSS_KB} + "\\n");`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: path.dirname(file),
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
  });
  const m = /maxrss-kb (\d+)/.exec(child.stderr ?? "");
  return m ? Number(m[1]) / 1024 : undefined;
}

export const lspSuite: BenchSuite = {
  name: "lsp",
  async run() {
    const dir = mkdtempSync(path.join(tmpdir(), "pathwaykit-bench-lsp-"));
    const child = spawn(process.execPath, [BIN, "lsp", "--stdio"], { cwd: dir, stdio: ["pipe", "pipe", "inherit"] });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    try {
      writeFileSync(path.join(dir, "package.json"), "{}\n");
      const file = path.join(dir, "1k.json");
      const text = `${JSON.stringify(generatePathway({ nodes: 1_000 }), null, 2)}\n`;
      writeFileSync(file, text);
      const uri = pathToFileURL(file).href;
      const waiting = new Map<number, () => void>();
      connection.onNotification("textDocument/publishDiagnostics", (p: { uri: string; version?: number }) => {
        if (p.uri === uri && p.version !== undefined) waiting.get(p.version)?.();
      });
      connection.listen();
      await connection.sendRequest("initialize", { processId: null, rootUri: pathToFileURL(dir).href, capabilities: {} });
      await connection.sendNotification("initialized", {});
      const published = (version: number) => new Promise<void>((resolve) => waiting.set(version, resolve));
      let done = published(1);
      await connection.sendNotification("textDocument/didOpen", { textDocument: { uri, languageId: "json", version: 1, text } });
      await done;
      // One character typed and deleted in turn inside the first node's name: every change is a real reanalysis.
      const at = text.indexOf('"name": "') + '"name": "'.length;
      const times: number[] = [];
      for (let version = 2; version < 2 + CHANGES; version++) {
        const edited = version % 2 === 0 ? `${text.slice(0, at)}x${text.slice(at)}` : text;
        done = published(version);
        const started = performance.now();
        await connection.sendNotification("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text: edited }] });
        await done;
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const median = times[Math.floor(times.length / 2)]!;
      const server = peakMb(child.pid!);
      const lint = lintPeakMb(file);
      return [
        {
          name: "lsp: diagnostics after a one-character change, 1,000 nodes",
          value: `${median.toFixed(0)} ms`,
          note: `median of ${CHANGES}, debounce included; min ${times[0]!.toFixed(0)}, max ${times[times.length - 1]!.toFixed(0)}`,
        },
        {
          name: "lsp: server peak RSS after those changes",
          value: server === undefined ? "n/a" : `${server.toFixed(0)} MB`,
          note:
            lint === undefined || server === undefined
              ? "peak RSS read from /proc (Linux)"
              : `${ratio(server, lint)} pathway lint of the same file (${lint.toFixed(0)} MB)`,
        },
      ];
    } finally {
      await connection.sendRequest("shutdown").catch(() => undefined);
      await connection.sendNotification("exit").catch(() => undefined);
      connection.dispose();
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
