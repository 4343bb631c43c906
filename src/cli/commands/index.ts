// The command table: one line per command, in `pathway --help` order. Only the command that runs is imported.
import type { Command } from "commander";
import type { CliIo } from "../io.js";

/** Registers one command on the program. */
export type RegisterCommand = (program: Command, io: CliIo) => void;

/** One line of the table: enough to list the command in `pathway --help` without loading it. */
export interface CommandEntry {
  /** The word after `pathway`. */
  name: string;
  /** Its arguments as `--help` shows them. */
  args: string;
  /** The one-line description (a test checks it equals the command's own). */
  summary: string;
  /** Imports the command's module. */
  load: () => Promise<{ register: RegisterCommand }>;
  /** False for a command that reads no files: the input size cap (and a bad $PATHWAYKIT_MAX_FILE_SIZE) does not concern it. */
  readsFiles?: false;
}

/** Every command. To add one: a line here and a file `commands/<name>.ts` exporting `register`. */
export const commands: readonly CommandEntry[] = [
  {
    name: "validate",
    args: "[inputs...]",
    summary: "check pathway files: JSON syntax and encoding, shape, start node, ids, references and node data",
    load: () => import("./validate.js"),
  },
  {
    name: "build",
    args: "<entries...>",
    summary: "build TypeScript pathway modules into canonical pathway JSON (validated; --check for CI)",
    load: () => import("./build.js"),
  },
  {
    name: "import",
    args: "<input>",
    summary: "generate builder TypeScript from a pathway JSON file (round trip: build gives back the same JSON)",
    load: () => import("./import.js"),
  },
  {
    name: "fmt",
    args: "<inputs...>",
    summary: "format pathway JSON files canonically (stable key order, 2-space indent, trailing newline)",
    load: () => import("./fmt.js"),
  },
  {
    name: "lint",
    args: "[inputs...]",
    summary: "validate pathway files and check their graph and content: unreachable nodes, dead ends, traps, variables, labels",
    load: () => import("./lint.js"),
  },
  {
    name: "analyze",
    args: "<file>",
    summary: "summarise one pathway: counts by type, start, globals, terminals, unreachable nodes, dead ends, traps, depth and variables",
    load: () => import("./analyze.js"),
  },
  {
    name: "diagram",
    args: "[inputs...]",
    summary: "draw pathways for review: Mermaid, Graphviz DOT, a Markdown pull-request comment, or SVG/PNG/PDF images",
    load: () => import("./diagram.js"),
  },
  {
    name: "test",
    args: "[inputs...]",
    summary: "run scenario files (*.scenario.yaml) against their pathways: path taken, what was said, variables collected",
    load: () => import("./test.js"),
  },
  { name: "scenarios", args: "<command>", summary: "work with scenario files (see pathway test)", load: () => import("./scenarios.js") },
  {
    name: "chat",
    args: "<pathway>",
    summary: "talk to a pathway in the terminal: see what the agent says, the current node, variables and edges",
    load: () => import("./chat.js"),
  },
  {
    name: "fetch",
    args: "[ids...]",
    summary: "download remote pathways into canonical JSON files and record them in pathwaykit.manifest.json",
    load: () => import("./fetch.js"),
  },
  {
    name: "diff",
    args: "[a] [b]",
    summary: "show what changed between two pathway versions: nodes, edges and fields, not JSON lines",
    load: () => import("./diff.js"),
  },
  {
    name: "push",
    args: "<file>",
    summary:
      "upload a pathway file: replace the live pathway (POST /v1/pathway/{id}, diff shown first), or with --draft save it as a version callers do not reach yet",
    load: () => import("./push.js"),
  },
  {
    name: "publish",
    args: "<pathway>",
    summary: "promote a saved version to production or staging, only when it is the local file and its scenarios pass live",
    load: () => import("./publish.js"),
  },
  {
    name: "rollback",
    args: "<pathway>",
    summary: "promote the version that was in production before (or --to <n>), after the same read-back check",
    load: () => import("./rollback.js"),
  },
  {
    name: "versions",
    args: "<pathway>",
    summary: "list the saved versions of a remote pathway: number, date, name; which is latest, in production, in staging, the draft, the local file",
    load: () => import("./versions.js"),
  },
  {
    name: "log",
    args: "<pathway>",
    summary: "show what changed between each consecutive pair of a remote pathway's saved versions, by kind",
    load: () => import("./log.js"),
  },
  {
    name: "check-request",
    args: "[inputs...]",
    summary: "check API request bodies (calls, batches, inbound numbers, purchases) against the API and the pathway they use",
    load: () => import("./check-request.js"),
  },
  {
    name: "calls",
    args: "<command>",
    summary: "read call records (saved files, webhook bodies or the service) and see which parts of a pathway real calls take",
    load: () => import("./calls.js"),
  },
  {
    name: "replay",
    args: "<calls...>",
    summary: "check the paths recorded calls took against an edited pathway, offline: still possible, or where each first diverges",
    load: () => import("./replay.js"),
  },
  {
    name: "report",
    args: "<pathway>",
    summary: "write one pathway as a self-contained HTML review page: searchable graph, node details, lint findings, diff and coverage",
    load: () => import("./report.js"),
  },
  {
    name: "lsp",
    args: "",
    summary: "serve the Language Server Protocol for editors: findings while you type, hover, go to definition, symbols, completion, quick fixes",
    load: () => import("./lsp.js"),
  },
  {
    name: "mcp",
    args: "",
    summary: "serve the Model Context Protocol for AI coding assistants: validate, lint, explain rules, analyze, draw, run scenarios and diff as tools",
    load: () => import("./mcp.js"),
  },
  {
    name: "completion",
    args: "<shell>",
    summary: "print a shell completion script (bash, zsh or fish) for the commands and their options",
    load: () => import("./completion.js"),
    readsFiles: false,
  },
];
