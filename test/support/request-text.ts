// Builds small request bodies one field per line, so a test's «markers» sit on predictable lines, and checks them.
import type { Diagnostic } from "../../src/diagnostics/index.js";
import { checkRequestText, type CheckRequestOptions } from "../../src/requests/index.js";

/** A fixed "now" so start_time cases do not depend on the clock. */
export const NOW = new Date("2026-06-01T12:00:00Z");

/** A request text: `{`, one `"key": value` line per field, `}`. Values are JSON text (a « may precede them). */
export function requestText(fields: Record<string, string>): string {
  return `{\n${Object.entries(fields)
    .map(([k, v]) => `  ${k.startsWith("«") ? `«"${k.slice(1)}"` : `"${k}"`}: ${v}`)
    .join(",\n")}\n}`;
}

/** The smallest valid call body's lines, to build cases on. */
export const CALL = { phone_number: '"+14155550123"', task: '"Remind the caller of the appointment."' };
/** The smallest valid batch body's lines. */
export const BATCH = { base_prompt: '"Hello {name}"', call_data: '[{"phone_number": "+14155550123", "name": "Ada"}]' };
/** The smallest valid inbound update's lines. */
export const INBOUND = { prompt: '"Answer questions about opening hours from customers."' };
/** A purchase body's lines. */
export const PURCHASE = { area_code: '"415"', country_code: '"US"' };

/** Every finding for a request text (the whole check, so ranges are real). */
export function checkText(options: CheckRequestOptions = {}): (text: string) => Diagnostic[] {
  return (text) => checkRequestText(text, { now: NOW, ...options }).diagnostics;
}

/** A pathway for the checks against a pathway: the start greets {{name}}, a branch extracts `order`, the end reads it. */
export const PATHWAY = {
  name: "Orders",
  nodes: [
    { id: "start", type: "Default", data: { name: "Greeting", isStart: true, text: "Hi {{name}}, calling from {{company}}." } },
    { id: "ask", type: "Default", data: { name: "Ask order", prompt: "Ask for the order number.", extractVars: [["order", "string", "Order number"]] } },
    { id: "status", type: "Default", data: { name: "Status", prompt: "Tell them order {{order}} has shipped." } },
    { id: "human", type: "Transfer Call", data: { name: "Human", transferNumber: "+14155550100" } },
    { id: "lonely", type: "Default", data: { name: "Lonely", text: "Nothing follows." } },
  ],
  edges: [
    { id: "e1", source: "start", target: "ask", label: "wants status" },
    { id: "e2", source: "ask", target: "status", label: "gave number" },
    { id: "e3", source: "start", target: "human", label: "wants a person" },
  ],
};

/** Checks request texts against PATHWAY. */
export const checkWithPathway = checkText({ pathway: { where: "orders.json", value: PATHWAY as never } });

/** The start greets; one branch extracts `order` before Status reads it, the other goes straight to Status. */
export const BRANCHES = {
  name: "Orders, two ways",
  nodes: [
    { id: "start", type: "Default", data: { name: "Greeting", isStart: true, text: "Hi there." } },
    { id: "ask", type: "Default", data: { name: "Ask order", prompt: "Ask for the order number.", extractVars: [["order", "string", "Order number"]] } },
    { id: "status", type: "Default", data: { name: "Status", prompt: "If {{order}} is known, say it has shipped." } },
  ],
  edges: [
    { id: "e1", source: "start", target: "ask", label: "has an order number" },
    { id: "e2", source: "ask", target: "status", label: "gave number" },
    { id: "e3", source: "start", target: "status", label: "just wants the status" },
  ],
};

/** BRANCHES with an Intro before Ask order that reads {{order}} too: no path sets it before Intro. */
export const READ_EARLY = {
  ...BRANCHES,
  nodes: [...BRANCHES.nodes, { id: "intro", type: "Default", data: { name: "Intro", prompt: "Mention {{order}} if you know it." } }],
  edges: [
    ...BRANCHES.edges.filter((e) => e.id !== "e1"),
    { id: "e4", source: "start", target: "intro", label: "has an order number" },
    { id: "e5", source: "intro", target: "ask", label: "go on" },
  ],
};

/** The smallest valid v2 batch body's lines (POST /v2/batches/create). */
export const BATCH_V2 = { global: '{"task": "Remind the caller of the appointment."}', call_objects: '[{"phone_number": "+14155550123"}]' };
