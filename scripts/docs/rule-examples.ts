// A rule page's hand-written part (docs/rules/src/<id>.md): its prose and examples, and running an example as a user would.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { main } from "../../src/cli/main.js";
import { getFindingSubject } from "../../src/lint/locate-finding.js";
import type { RuleMeta } from "../../src/rules/index.js";
import { ROOT } from "./markdown.js";

/** One file of an example: a fenced block whose info string is `<lang> [<file name>] [raw-bytes]`. */
export interface ExampleFile {
  name: string;
  lang: string;
  text: string;
  /** True when the block named the file (the page then says which file it is). */
  named: boolean;
  /** `<0xHH>` in the text stands for that byte (a byte-order mark, bytes that are not UTF-8). */
  rawBytes: boolean;
}

/** An example: the files it writes and the command that checks them (the words after `pathway`). */
export interface Example {
  files: ExampleFile[];
  command: string[];
}

/** The hand-written part of a rule's page. */
export interface RuleSource {
  /** What the rule checks and why (Markdown before the first `##`). */
  intro: string;
  incorrect: Example;
  correct: Example;
  /**
   * The body of a hand-written `## Turning it off`, for a rule the usual ways do not turn off (a file that cannot be
   * read at all); without it the page says how, and a test checks that it works.
   */
  turningOff?: string;
  /** Any further `##` sections, as written (they follow the generated ones). */
  extra: string;
}

/** Where a rule's hand-written part lives. */
export function ruleSourceFile(id: string): string {
  return path.join(ROOT, "docs/rules/src", `${id}.md`);
}

/** The command that reports a rule's findings on `file`, when the example names none. */
function defaultCommand(meta: RuleMeta, file: string): string[] {
  if (meta.set === "request") return ["check-request", file];
  return [meta.set === "lint" ? "lint" : "validate", file];
}

function parseExample(section: string, meta: RuleMeta, where: string): Example {
  const files: ExampleFile[] = [];
  let command: string[] | undefined;
  for (const m of section.matchAll(/^```(\w+)([^\n]*)\n([\s\S]*?)^```$/gm)) {
    const [lang, info, text] = [m[1]!, m[2]!.trim().split(/\s+/).filter(Boolean), m[3]!];
    if (lang === "sh") {
      const words = text.trim().split(/\s+/);
      if (words[0] !== "pathway" || text.trim().includes("\n")) throw new Error(`${where}: a sh block is one \`pathway ...\` command`);
      command = words.slice(1);
      continue;
    }
    const name = info.find((w) => w !== "raw-bytes");
    const fallback = meta.set === "request" ? "call.request.json" : "pathway.json";
    files.push({ name: name ?? fallback, lang, text, named: name !== undefined, rawBytes: info.includes("raw-bytes") });
  }
  if (!command && files.length !== 1) throw new Error(`${where}: an example with ${files.length} files needs a \`pathway ...\` command in a sh block`);
  return { files, command: command ?? defaultCommand(meta, files[0]!.name) };
}

/** Parses a rule's hand-written Markdown: prose, then `## Incorrect` and `## Correct` examples, then other sections. */
export function parseRuleSource(text: string, meta: RuleMeta): RuleSource {
  const where = `docs/rules/src/${meta.id}.md`;
  const parts = text.split(/^(?=## )/m);
  const intro = parts[0]!.trim();
  const section = (title: string) => parts.find((p) => p.startsWith(`## ${title}\n`));
  const incorrect = section("Incorrect");
  const correct = section("Correct");
  if (!incorrect || !correct || intro === "")
    throw new Error(`${where} needs a paragraph on what the rule checks and why, then "## Incorrect" and "## Correct" examples`);
  const off = section("Turning it off");
  const extra = parts
    .slice(1)
    .filter((p) => p !== incorrect && p !== correct && p !== off)
    .join("")
    .trim();
  return {
    intro,
    incorrect: parseExample(incorrect, meta, `${where} (Incorrect)`),
    correct: parseExample(correct, meta, `${where} (Correct)`),
    ...(off && { turningOff: off.replace(/^## Turning it off\n/, "").trim() }),
    extra,
  };
}

/** Reads and parses a rule's hand-written part. */
export function readRuleSource(meta: RuleMeta): RuleSource {
  return parseRuleSource(readFileSync(ruleSourceFile(meta.id), "utf8"), meta);
}

/** One finding as `--format json` gives it. */
export interface ExampleFinding {
  filePath: string;
  ruleId: string;
  severity: string;
  message: string;
  pointer: string;
  line?: number;
  column?: number;
}

/**
 * The suppression that accepts `finding` of rule `id` in the example (a pathway rule's): the file, and the node (or the
 * edge) the finding is about, as `pathway.config.json` names them.
 */
export function suppressionFor(id: string, example: Example, finding: ExampleFinding): { file: string; nodeId?: string; rule: string; reason: string } {
  const file = example.files.find((f) => f.name === finding.filePath);
  let nodeId: string | undefined;
  try {
    const subject = getFindingSubject(JSON.parse(file?.text ?? "null"), finding.pointer);
    nodeId = subject.nodeId ?? subject.edgeId;
  } catch {
    // A file that is not JSON has no nodes to name: the suppression covers the file.
  }
  return { file: finding.filePath, ...(nodeId !== undefined && { nodeId }), rule: id, reason: "say why the finding is accepted" };
}

/** The bytes of an example file. */
function toBytes(file: ExampleFile): Buffer {
  if (!file.rawBytes) return Buffer.from(file.text, "utf8");
  const parts = file.text.split(/<0x([0-9A-Fa-f]{2})>/);
  return Buffer.concat(parts.map((part, i) => (i % 2 === 1 ? Buffer.from([parseInt(part, 16)]) : Buffer.from(part, "utf8"))));
}

/**
 * Runs an example as a user would: its files in a fresh folder, then `pathway <command> --format json` there (in this
 * process, through the CLI's own main). Returns every finding, of any rule, and the exit code.
 */
export async function runExample(example: Example, extraArgs: readonly string[] = [], config?: object): Promise<{ code: number; findings: ExampleFinding[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "pathwaykit-rule-example-"));
  try {
    for (const file of example.files) {
      mkdirSync(path.dirname(path.join(dir, file.name)), { recursive: true });
      writeFileSync(path.join(dir, file.name), toBytes(file));
    }
    if (config) writeFileSync(path.join(dir, "pathway.config.json"), JSON.stringify(config));
    const out: string[] = [];
    const err: string[] = [];
    const sink = (into: string[]) => new Writable({ write: (chunk, _encoding, done) => (into.push(String(chunk)), done()) });
    const code = await main([...example.command, ...extraArgs, "--format", "json"], {
      cwd: dir,
      env: { NO_COLOR: "1" },
      stdin: Readable.from([]),
      stdout: sink(out),
      stderr: sink(err),
    });
    const report = JSON.parse(out.join("") || "null") as { filePath: string; messages: Omit<ExampleFinding, "filePath">[] }[] | { ok: false };
    if (!Array.isArray(report)) throw new Error(`pathway ${example.command.join(" ")} gave no report (exit ${code}): ${err.join("")}`);
    return {
      code,
      findings: report.flatMap((r) =>
        r.messages.map((m) => ({
          filePath: r.filePath,
          ruleId: m.ruleId,
          severity: m.severity,
          message: m.message,
          pointer: m.pointer,
          line: m.line,
          column: m.column,
        })),
      ),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
