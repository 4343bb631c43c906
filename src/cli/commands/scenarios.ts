// `pathway scenarios generate`: writes editable scenario skeletons whose scripted steps visit every reachable edge.
import type { Command } from "commander";
import { Option } from "commander";
import { access } from "node:fs/promises";
import path from "node:path";
import pc from "picocolors";
import { EXIT, ExitError } from "../exit.js";
import type { CliIo } from "../io.js";
import { useColor } from "../io.js";
import { writeFileAtomic } from "../write-file-atomic.js";
import { parseCount } from "../check-files.js";
import { loadPathway } from "../load-pathway.js";
import { display } from "./test.js";

interface GenerateOptions {
  output: string;
  maxTurns?: number;
  maxScenarios?: number;
  force?: boolean;
  format: "stylish" | "json";
  color?: boolean;
}

function toSlug(text: string): string {
  return text.toLowerCase().replace(/\.json$/, "").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "pathway";
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** Registers `pathway scenarios generate` on the program. */
export function register(program: Command, io: CliIo): void {
  const scenarios = program.command("scenarios").description("work with scenario files (see pathway test)");
  scenarios
    .command("generate")
    .description("write scenario skeletons with scripted take: steps that together visit every reachable edge and global node")
    .argument("<pathway>", "the pathway file")
    .requiredOption("-o, --output <dir>", "directory to write <pathway>-<n>.scenario.yaml files into")
    .addOption(new Option("--max-turns <n>", "longest scenario, in turns").argParser(parseCount).default(12))
    .addOption(new Option("--max-scenarios <n>", "most scenarios written").argParser(parseCount).default(1000))
    .option("--force", "overwrite scenario files that already exist")
    .addOption(new Option("-f, --format <name>", "what to print").choices(["stylish", "json"]).default("stylish"))
    .option("--color", "force colours even when not writing to a terminal")
    .option("--no-color", "disable colours (also NO_COLOR=1)")
    .addHelpText(
      "after",
      `
The scenarios are few and short (greedy: keep taking an edge not yet taken). Each one is run on the simulator while
it is generated, so it passes as written; edit the user lines and add vars: and expectations.

Exit codes: 0 written, 1 some reachable edges could not be covered (the rest are written), 2 usage or I/O error.

Examples:
  $ pathway scenarios generate pathways/appointment-booking.json -o pathways/scenarios/appointment-booking
  $ pathway test pathways/scenarios/appointment-booking --coverage`,
    )
    .action(async (pathwayArg: string, options: GenerateOptions) => {
      if (pathwayArg === "-") throw new ExitError(EXIT.failure, "scenarios name their pathway by path, so it cannot come from stdin; name the pathway file.");
      const pathwayFile = path.resolve(io.cwd, pathwayArg);
      const { pathway } = await loadPathway(pathwayArg, { cwd: io.cwd, requireStart: true, maxBytes: io.maxFileBytes });
      const { generateScenarios, toScenarioYaml } = await import("../../simulate/index.js");
      const dir = path.resolve(io.cwd, options.output);
      const pathwayRef = path.relative(dir, pathwayFile).split(path.sep).join("/");
      const name = typeof pathway.name === "string" && pathway.name.trim() !== "" ? pathway.name.trim() : path.basename(pathwayFile, ".json");
      const generated = generateScenarios(pathway, {
        pathwayRef,
        name,
        ...(options.maxTurns !== undefined && { maxTurns: Math.max(1, options.maxTurns) }),
        ...(options.maxScenarios !== undefined && { maxScenarios: options.maxScenarios }),
      });
      const slug = toSlug(path.basename(pathwayFile));
      const files = generated.scenarios.map((_, i) => path.join(dir, `${slug}-${i + 1}.scenario.yaml`));
      if (!options.force) {
        const clash: string[] = [];
        for (const f of files) if (await exists(f)) clash.push(display(f, io.cwd));
        if (clash.length > 0) throw new ExitError(EXIT.failure, `${clash.length} scenario file(s) already exist (${clash.slice(0, 3).join(", ")}${clash.length > 3 ? ", ..." : ""}); use --force to overwrite or choose another -o directory.`);
      }
      for (const [i, scenario] of generated.scenarios.entries()) {
        try {
          await writeFileAtomic(files[i]!, toScenarioYaml(scenario));
        } catch (error) {
          throw new ExitError(EXIT.failure, `cannot write ${files[i]}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
        }
      }
      const written = files.map((f) => display(f, io.cwd));
      if (options.format === "json") {
        io.stdout.write(JSON.stringify({ files: written, ...generated }, null, 2) + "\n");
      } else {
        const c = pc.createColors(useColor(options.color, io));
        const turns = generated.scenarios.reduce((n, s) => n + s.turns.length, 0);
        io.stdout.write(`${c.green("Wrote")} ${written.length} scenario${written.length === 1 ? "" : "s"} (${turns} turns) to ${display(dir, io.cwd) || "."}\n`);
        for (const f of written) io.stdout.write(`  ${f}\n`);
        for (const u of generated.uncovered.slice(0, 20)) io.stdout.write(`  ${c.yellow("not covered:")} ${u.kind} ${u.id}: ${u.reason}\n`);
        if (generated.uncovered.length > 20) io.stdout.write(`  ... and ${generated.uncovered.length - 20} more (--format json lists them all)\n`);
      }
      if (generated.uncovered.length > 0) io.setExitCode(EXIT.findings);
    });
}
