// Bench: linting generated pathways in process, next to JSON.parse of the same text, and growth from 10k to 100k nodes.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { CORPUS_DIR, hasCorpus } from "../../test/support/corpus-dir.js";
import { generatePathway } from "../generate-pathway.js";
import { loadShipped, ms, ratio, timeInTurns, type BenchSuite } from "./measure.js";

const { lintPathway } = await loadShipped<typeof import("../../src/lint/index.js")>("lint");
const { validatePathway } = await loadShipped<typeof import("../../src/validate/index.js")>("validate");
const { formatStylish } = await loadShipped<typeof import("../../src/format/index.js")>("format");

/** What `pathway lint` does with a file in process: lint it, then print every finding with its code frame. */
function lintAndPrint(text: string): string {
  const result = lintPathway(text);
  return formatStylish([{ filePath: "p.json", text, diagnostics: result.diagnostics }]);
}

/** Findings per rule for each real corpus file (when the corpus is there), so a change in precision shows beside the times. */
function corpusRows(): { name: string; value: string; note?: string }[] {
  if (!hasCorpus) return [{ name: "corpus findings", value: "skipped", note: `no corpus at ${CORPUS_DIR}` }];
  const rows: { name: string; value: string; note?: string }[] = [];
  for (const file of readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    const counts = new Map<string, number>();
    for (const d of lintPathway(readFileSync(path.join(CORPUS_DIR, file))).diagnostics) counts.set(d.ruleId, (counts.get(d.ruleId) ?? 0) + 1);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const byRule = [...counts].sort(([a], [b]) => (a < b ? -1 : 1)).map(([rule, n]) => `${rule} ${n}`);
    rows.push({ name: `corpus ${file}`, value: `${total} findings`, ...(byRule.length > 0 && { note: byRule.join(", ") }) });
  }
  return rows;
}

/**
 * Linting every real corpus file once, next to JSON.parse of the same files: small real files show per-file costs
 * (setup, lazily loaded parsers, Custom Code) that one large generated pathway hides.
 */
function corpusLoopRows(): { name: string; value: string; note?: string }[] {
  if (!hasCorpus) return [];
  const files = readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => readFileSync(path.join(CORPUS_DIR, f)));
  const texts = files.map((b) => b.toString("utf8"));
  // Malformed files are part of the corpus on purpose: JSON.parse rejecting them costs time too.
  const parseAll = () => {
    for (const t of texts) {
      try {
        JSON.parse(t);
      } catch {
        // counted, not reported
      }
    }
  };
  const [parse, lint] = timeInTurns([parseAll, () => files.forEach((b) => lintPathway(b))] as const, 25, 3);
  return [
    { name: `lintPathway, each of the ${files.length} corpus files`, value: ms(lint), note: `JSON.parse of the same files ${ms(parse)}` },
    { name: "corpus lint / JSON.parse", value: ratio(lint, parse) },
  ];
}

/**
 * lint / JSON.parse at 1k, 5k and 50k nodes, clean and with the generator's findings (one unset variable in about
 * 150 nodes, dead ends...), in turns. A cost that does not grow with the file shows as a ratio falling with size; a
 * cost per finding that grows with the file (a search of every name for each finding) as a ratio rising with it.
 */
function sizeRows(): { name: string; value: string; note?: string }[] {
  const rows: { name: string; value: string; note?: string }[] = [];
  for (const nodes of [1_000, 5_000, 50_000]) {
    for (const clean of [true, false]) {
      const text = JSON.stringify(generatePathway({ nodes, edges: 3 * nodes, clean }), null, 2);
      const [parse, lint] = timeInTurns([() => JSON.parse(text), () => lintPathway(text)] as const, nodes >= 50_000 ? 5 : 15, 1);
      const findings = lintPathway(text).diagnostics.length;
      rows.push({
        name: `lint / JSON.parse, ${(nodes / 1000).toLocaleString("en")}k nodes, ${clean ? "clean" : "with findings"}`,
        value: ratio(lint, parse),
        note: `${ms(lint)} vs ${ms(parse)}, ${findings} findings`,
      });
    }
  }
  return rows;
}

export const lintSuite: BenchSuite = {
  name: "lint",
  async run() {
    const small = JSON.stringify(generatePathway({ nodes: 10_000, edges: 30_000 }), null, 2);
    const clean = JSON.stringify(generatePathway({ nodes: 10_000, edges: 30_000, clean: true }), null, 2);
    // Many turns: a shared machine's noise moves single runs by a third.
    const [parse, validate, lintSmall, parseClean, lintClean] = timeInTurns(
      [() => JSON.parse(small), () => validatePathway(small), () => lintPathway(small), () => JSON.parse(clean), () => lintPathway(clean)] as const,
      25,
    );
    const findings = lintPathway(small).diagnostics.length;
    const cleanFindings = lintPathway(clean).diagnostics.length;
    const large = JSON.stringify(generatePathway({ nodes: 100_000, edges: 300_000 }), null, 2);
    // The 10k lint runs in turns with the 100k one, so that the growth ratio compares like with like.
    const [parseLarge, lintLarge, parseAgain, lintAgain] = timeInTurns(
      [() => JSON.parse(large), () => lintPathway(large), () => JSON.parse(small), () => lintPathway(small)] as const,
      9,
      1,
    );
    // The same pathway written on one line: positions and code frames must not cost per character of the line.
    const oneLine = JSON.stringify(JSON.parse(small));
    const [printIndented, printOneLine] = timeInTurns([() => lintAndPrint(small), () => lintAndPrint(oneLine)] as const, 9, 1);
    return [
      {
        name: "lint + stylish, one-line / indented (goal <= 1.5x)",
        value: ratio(printOneLine, printIndented),
        note: `${ms(printOneLine)} vs ${ms(printIndented)}, ${findings} findings`,
      },
      { name: "JSON.parse, 10k nodes / 30k edges", value: ms(parse), note: `${(small.length / 1e6).toFixed(1)} MB` },
      { name: "validatePathway, same text (for context)", value: ms(validate), note: `${ratio(validate, parse)} of JSON.parse` },
      { name: "lintPathway, same text", value: ms(lintSmall), note: `${findings} findings` },
      { name: "lint / JSON.parse (target <= 3x)", value: ratio(lintSmall, parse) },
      { name: "lintPathway, clean 10k / 30k pathway", value: ms(lintClean), note: `${cleanFindings} findings; JSON.parse ${ms(parseClean)}` },
      { name: "lint / JSON.parse, clean pathway", value: ratio(lintClean, parseClean) },
      { name: "lintPathway, 100k nodes / 300k edges", value: ms(lintLarge), note: `10k in the same turns: ${ms(lintAgain)}` },
      { name: "lint 100k / lint 10k (target <= ~12x)", value: ratio(lintLarge, lintAgain) },
      {
        name: "JSON.parse 100k / JSON.parse 10k (for context)",
        value: ratio(parseLarge, parseAgain),
        note: `${(large.length / 1e6).toFixed(1)} MB: ${ms(parseLarge)}`,
      },
      // What lint adds to reading the text: the part of its growth that is its own.
      { name: "(lint - JSON.parse) 100k / 10k", value: ratio(lintLarge - parseLarge, lintAgain - parseAgain) },
      ...sizeRows(),
      ...corpusLoopRows(),
      ...corpusRows(),
    ];
  },
};
