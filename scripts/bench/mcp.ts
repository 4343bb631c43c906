// Bench: cold start of `pathway mcp` to its first tools/list answer (initialize, initialized, tools/list sent at once), next to `node -e 0` and `pathway validate`, in turns.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { ms, ratio, type BenchSuite } from "./measure.js";

const BIN = fileURLToPath(new URL("../../bin/pathway.cjs", import.meta.url));
const SMALL = fileURLToPath(new URL("../../pathways/appointment-booking.json", import.meta.url));
/** Every process gets the same small environment, as in the start suite (a variable such as NODE_EXTRA_CA_CERTS costs each start alike). */
const ENV = { PATH: process.env.PATH ?? "", NO_COLOR: "1" };
const RUNS = 21;
const HANDSHAKE = [
  { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } } },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/list" },
]
  .map((m) => `${JSON.stringify(m)}\n`)
  .join("");

/** Milliseconds from spawning `pathway mcp` in `dir` to the tools/list answer; the server is then closed by ending its input. */
function toolsListMs(dir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, "mcp"], { cwd: dir, stdio: ["pipe", "pipe", "ignore"], env: ENV });
  child.stdin.write(HANDSHAKE);
  return new Promise((resolve, reject) => {
    let text = "";
    child.on("error", reject);
    child.stdout.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (!/"id":2,"result":\{"tools"/.test(text)) return;
      const elapsed = performance.now() - started;
      child.stdin.end();
      child.on("exit", () => resolve(elapsed));
    });
  });
}

/** Milliseconds of `node args...`, spawned the same way (asynchronously, to its exit). */
function runMs(args: readonly string[]): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: "ignore", env: ENV });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", () => resolve(performance.now() - started));
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const mcpSuite: BenchSuite = {
  name: "mcp",
  async run() {
    const dir = mkdtempSync(path.join(tmpdir(), "pathwaykit-bench-mcp-"));
    try {
      writeFileSync(path.join(dir, "package.json"), "{}\n");
      const node: number[] = [];
      const validate: number[] = [];
      const mcp: number[] = [];
      for (let i = 0; i < 2; i++) await toolsListMs(dir);
      for (let i = 0; i < RUNS; i++) {
        node.push(await runMs(["-e", "0"]));
        validate.push(await runMs([BIN, "validate", SMALL]));
        mcp.push(await toolsListMs(dir));
      }
      const [n, v, m] = [median(node), median(validate), median(mcp)];
      return [
        { name: "node -e 0", value: ms(n), note: `median of ${RUNS} spawns, in turns with the next two` },
        { name: "pathway validate <small file>", value: ms(v) },
        { name: "pathway mcp: spawn to the first tools/list answer", value: ms(m), note: "initialize, initialized and tools/list sent at once" },
        { name: "pathway mcp to tools/list / node -e 0", value: ratio(m, n), note: "zod (the tools' schemas) is about 17 ms of it; once per session" },
        { name: "pathway mcp to tools/list / pathway validate", value: ratio(m, v) },
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
