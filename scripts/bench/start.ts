// Bench: cold start of the `pathway` executable as whole processes, next to `node -e 0` on the same machine, in turns.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ms, ratio, timeInTurns, type BenchSuite } from "./measure.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = path.join(ROOT, "bin/pathway.cjs");
const SMALL = path.join(ROOT, "pathways/appointment-booking.json");

/** Spawns `node args...` to the end (output discarded), like hyperfine's repeated runs. */
function spawn(args: readonly string[]): () => void {
  return () => {
    const result = spawnSync(process.execPath, [...args], { cwd: ROOT, stdio: "ignore", env: { PATH: process.env.PATH ?? "", NO_COLOR: "1" } });
    if (result.error) throw result.error;
  };
}

export const startSuite: BenchSuite = {
  name: "start",
  async run() {
    const [node, help, validate] = timeInTurns([spawn(["-e", "0"]), spawn([BIN, "--help"]), spawn([BIN, "validate", SMALL])] as const, 21, 3);
    return [
      { name: "node -e 0", value: ms(node), note: "median of 21 spawns, in turns with the others" },
      { name: "pathway --help", value: ms(help) },
      { name: "pathway validate <small file>", value: ms(validate), note: path.relative(ROOT, SMALL) },
      { name: "pathway --help / node -e 0", value: ratio(help, node), note: "target <= 1.5" },
      { name: "pathway validate <small file> / node -e 0", value: ratio(validate, node), note: "target <= 1.5" },
    ];
  },
};
