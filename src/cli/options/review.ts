// The option table, part three: drawing and reviewing a pathway (diagram, report, diff), and what goes into a review.
import type { DiagramEngine } from "../../engine/review/draw-files.js";
import { defineOption } from "./define.js";
import { parseContextLines, parseCount, parseWholeNumber } from "./parsers.js";

/** The flags of diagrams, review pages and diffs. */
export const REVIEW_OPTIONS = {
  direction: defineOption("--direction <dir>", () => ({ description: "layout direction: top-bottom or left-right", choices: ["TB", "LR"], default: "TB" })),
  maxLabel: defineOption("--max-label <n>", () => ({
    description: "cut labels longer than n characters, full text in a numbered legend (0: never)",
    parse: parseCount,
    default: 40,
  })),
  focus: defineOption("--focus <node>", () => ({ description: "draw only the neighbourhood of this node (id or name)" })),
  depth: defineOption("--depth <n>", () => ({
    description: "steps around --focus (default 2) or the changed nodes of --base (default 1), following edges either way",
    parse: parseCount,
  })),
  base: defineOption("--base <file|remote:id>", ({ shows }: { shows: string }) => ({
    description: `an older version (a file, or remote:<id> with PATHWAYKIT_API_KEY): ${shows}`,
  })),
  /**
   * How much of what surrounds a change (or the focus) is shown: diff's lines of text around a changed hunk (as
   * diff -U and git diff say it), and diagram's rest of the pathway around the drawn neighbourhood.
   */
  context: defineOption("--context <n>", ({ around }: { around: "text" | "neighbourhood" }) =>
    around === "text"
      ? { description: "lines (or sentences) of context around changes inside long text; all shows everything", parse: parseContextLines, default: 3 }
      : {
          value: "how",
          description: "with --base or --focus, the rest of the pathway: omit (draw only the neighbourhood) or fade (draw it all, the rest pale)",
          choices: ["omit", "fade"],
        },
  ),
  annotate: defineOption("--annotate", () => ({ description: "mark unreachable nodes, dead ends and traps" })),
  merge: defineOption("--no-merge", () => ({ description: "draw every edge: no counted lines for parallel edges, no stubs for edges into hubs" })),
  /** The layout engines each command offers, with what `auto` picks there. */
  engine: defineOption("--engine <name>", ({ for: use }: { for: "diagram" | "report" }) => {
    const uses = {
      diagram: {
        choices: ["auto", "mermaid", "elk", "ranks"],
        description:
          "image layout: mermaid (browser), elk (layered, in Node), ranks (instant, for huge graphs), auto: mermaid when small; no graphviz (see below)",
      },
      report: {
        choices: ["auto", "elk", "ranks"],
        description:
          "layout: elk (layered), ranks (instant, for huge graphs), auto: elk up to 8,000 nodes + edges (no graphviz: measured too slow with labels)",
      },
    } as const satisfies Record<string, { choices: readonly DiagramEngine[]; description: string }>;
    return { ...uses[use], default: "auto" };
  }),
  /** Coverage in the output: test computes it from the run, report reads it from test's JSON (or runs --scenarios). */
  coverage: defineOption("--coverage", ({ from }: { from?: "file" } = {}) =>
    from === "file"
      ? { value: "file", description: "coverage from `pathway test --coverage --format json`: colour covered, untested and unreachable parts" }
      : { description: "print node, edge and global-entry coverage per pathway (untested kept apart from unreachable)" },
  ),
  scenarios: defineOption("--scenarios <dir>", () => ({ description: "run the scenario files in this directory on the pathway and show their coverage" })),
  calls: defineOption("--calls <calls...>", () => ({
    description: "call record files or folders: colour what real calls reached, with call counts per node in the side panel",
  })),
  serve: defineOption("--serve", () => ({
    description: "with --watch's rewrites, also serve the page on 127.0.0.1; a page opened from there reloads when it is rewritten",
  })),
  port: defineOption("--port <n>", ({ for: use }: { for: "listen" | "serve" }) => ({
    description: use === "serve" ? "with --serve: the port on 127.0.0.1 (default: a free one, printed)" : "the port on 127.0.0.1 (0: a free one, printed)",
    parse: parseWholeNumber(0, 65_535),
    ...(use === "listen" && { default: 8787 }),
  })),
  only: defineOption("--only <kinds>", () => ({
    description: "only these kinds of change, comma-separated: prompt, routing, variables, webhook, transfer, globals, model, metadata, layout, other",
  })),
  maxChars: defineOption("--max-chars <n>", () => ({
    description: "md: cut the largest details past this many characters, with a note (0: no limit)",
    parse: parseWholeNumber(0),
    default: 65536,
  })),
};
