// Hostile pathway text for the export tests: markup, Mermaid syntax and directives, quotes, brackets, emoji and RTL.
import type { Pathway } from "../../src/model/index.js";

/** Strings that would be executable or syntax if an exporter copied them into its output. */
export const INJECTIONS: readonly string[] = [
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '%%{init: {"securityLevel": "loose", "theme": "dark"}}%%',
  "%%{ init: { 'flowchart': { 'htmlLabels': true } } }%%",
  "---\ntitle: front\nconfig:\n  securityLevel: loose\n---",
  "end",
  "subgraph x\nend",
  "`**markdown** string`",
  "\"quoted\" and 'single'",
  ']] --> n0["pwn"]\nclick n0 call alert(1)',
  'x"]\n  classDef evil fill:#f00;\n  style n0 fill:#f00\n  n0["',
  "a --> b -.-> c ==> d |pipes| ;semicolon; :colon: #35; #quot; &amp; &#60;",
  "{braces} [brackets] (parens) ((circle)) >flag]",
  "line one\nline two\r\nline three\ttab",
  "emoji 🎉👩‍💻 and flags 🇩🇪",
  "עברית right-to-left العربية",
  "bidi \u202eevil\u202c override",
  "ﬂ°°60¶ßscript ﬂ°°62¶ß placeholders",
  "hair style: #35; classDef x:#f00;",
  "@everyone ping",
  '\\l backslash \\N \\" escapes',
];

/** A pathway that puts every injection string into node ids, names, types, edge labels and route conditions. */
export function createInjectionPathway(): Pathway {
  const nodes: Record<string, unknown>[] = INJECTIONS.map((text, i) => ({
    id: i === 0 ? "start" : text,
    type: i % 5 === 3 ? text : ["Default", "End Call", "Webhook", "x", "Transfer Call"][i % 5],
    data: { name: text, ...(i === 0 && { isStart: true }), ...(i === 7 && { isGlobal: true, globalLabel: text }) },
  }));
  nodes.push({
    id: "router",
    type: "Route",
    data: {
      name: "Router",
      routes: INJECTIONS.map((text, i) => ({ conditions: [{ field: text, operator: "is", value: text }], targetNodeId: i === 0 ? "start" : text })),
      fallbackNodeId: "%%{init: {}}%%",
    },
  });
  nodes.push({
    id: "hook",
    type: "Webhook",
    data: { name: "Hook", responsePathways: INJECTIONS.map((text) => [text, "==", text, { id: text, name: text }]) },
  });
  const edges = INJECTIONS.map((text, i) => ({
    id: `e${i}`,
    source: i === 0 ? "start" : INJECTIONS[i - 1] === INJECTIONS[0] ? "start" : INJECTIONS[i - 1]!,
    target: i === 0 ? "router" : text,
    label: text,
  }));
  edges.push({ id: "to-hook", source: "start", target: "hook", label: "<b>bold</b>" });
  return { name: "<script>alert('title')</script> %%{init: {}}%%", nodes, edges } as Pathway;
}
