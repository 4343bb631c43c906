// Builds small pathway texts one node or edge per line, so a test's «markers» sit on predictable lines.
import { validatePathway } from "../../src/validate/index.js";
import type { Diagnostic } from "../../src/diagnostics/index.js";

/** A start node line, so cases that are not about the start node stay valid there. */
export const START = `{"id": "start", "type": "Default", "data": {"name": "Greeting", "isStart": true, "text": "Hi!"}}`;
/** An End Call node line. */
export const END = `{"id": "end", "type": "End Call", "data": {"name": "Bye", "text": "Goodbye."}}`;

/** A pathway text: `{"nodes": [` then one node per line, then `], "edges": [`, one edge per line, `]}`. */
export function pathwayText(nodes: readonly string[], edges: readonly string[] = []): string {
  return `{"nodes": [\n${nodes.join(",\n")}\n], "edges": [\n${edges.join(",\n")}\n]}`;
}

/** An edge line. */
export function edge(id: string, source: string, target: string, label = "next"): string {
  return `{"id": "${id}", "source": "${source}", "target": "${target}", "label": "${label}"}`;
}

/** Every diagnostic the validator reports for a text. */
export function validateText(text: string): Diagnostic[] {
  return validatePathway(text).diagnostics;
}
