// Renders docs/pathways.md's table of node types from the registry (src/model/node-types/): one row per descriptor.
import { NODE_TYPES, type NodeTypeDescriptor } from "../../src/model/node-types/index.js";

/** How the shape of each diagram kind is described (as docs/diagrams.md words it). */
const SHAPES: Record<NodeTypeDescriptor["diagram"]["kind"], string> = {
  default: "rectangle",
  terminal: "rounded",
  transfer: "double-sided",
  webhook: "hexagon",
  knowledge: "cylinder",
  route: "diamond",
  other: "slanted",
};

function flow(d: NodeTypeDescriptor): string {
  const parts = [
    d.flow.exit && `leaves: ${d.flow.exit}`,
    d.flow.movesOn && `moves on by: ${d.flow.movesOn}`,
    d.flow.runs && `runs: ${d.flow.runs}`,
    d.call.passedWithoutCaller && "no caller turn in a call",
  ].filter((p): p is string => typeof p === "string");
  return parts.length > 0 ? parts.join("; ") : "waits for the caller";
}

function row(d: NodeTypeDescriptor): string {
  const names = [d.type, ...d.aliases].map((s) => `\`${s}\``).join(" / ");
  const documented = d.documentedAs === null ? "real files" : `documented (\`${d.documentedAs}\`)`;
  const helper = d.builder ? `\`${d.builder.name}\`` : "`node()`";
  return `| ${names} | ${documented} | ${d.summary} | ${flow(d)} | ${SHAPES[d.diagram.kind]} | ${helper} |`;
}

/** The Markdown table of node types, in registry order. */
export function renderNodeTypeTable(): string {
  return ["| type | known from | what it does | flow | drawn | builder |", "|---|---|---|---|---|---|", ...NODE_TYPES.map(row)].join("\n");
}
