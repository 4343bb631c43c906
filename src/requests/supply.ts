// Where a request supplies the variables a pathway reads (request_data, every batch row, dynamic_data), and a report per gap.
import { isObject } from "../model/pathway.js";
import { at, getDynamicDataNames } from "./helpers.js";
import { isSupplied, type RequiredVariable } from "./pathway-variables.js";
import type { RuleReport } from "../rules/index.js";
import type { RequestContext } from "./rule.js";

/** Rows reported one by one per variable before the rest are counted in one finding. */
const MAX_ROWS = 10;

/** How a rule words its finding about one variable the request does not supply. */
export interface SupplyWording {
  /** What the pathway does with it: `is read by node "X" (id x) in its prompt before any node sets it`. */
  read(v: RequiredVariable): string;
  /** What follows when the value is missing: `the caller hears the literal {{x}}`. */
  consequence(v: RequiredVariable): string;
}

/** The messages of a finding per gap; a rule using `reportUnsupplied` spreads them into its `meta.messages`. */
export const SUPPLY_MESSAGES = {
  noRowSupplies: '{{read}}, and no call_data row supplies it; add "{{root}}" to every row (or to request_data), or {{consequence}}.',
  rowDoesNotSupply: '{{read}}, and call_data[{{index}}] does not supply it; add "{{root}}" to this row (or to request_data for every row), or {{consequence}}.',
  moreRowsMissing: '{{{{name}}}} is also missing from {{more}} more call_data rows ({{missing}} of {{rows}} in all); add "{{root}}" to each.',
  notSupplied: "{{read}}, and {{where}} does not supply it; {{hint}}, or {{consequence}}.",
} as const;

function keys(value: unknown): string[] {
  return isObject(value) ? Object.keys(value) : [];
}

/** Reports each of `variables` the request does not supply, at the place that should supply it. */
export function reportUnsupplied(
  context: RequestContext,
  variables: readonly RequiredVariable[],
  wording: SupplyWording,
  report: (report: RuleReport<keyof typeof SUPPLY_MESSAGES>) => void,
): void {
  const { kind, body } = context;
  if (variables.length === 0) return;
  const common = [...keys(body.request_data), ...getDynamicDataNames(body)];
  const { read, consequence } = wording;
  if (kind === "batch" && Array.isArray(body.call_data)) {
    const rows = body.call_data.map((row, i) => [row, i] as const).filter(([row]) => isObject(row)) as [Record<string, unknown>, number][];
    const everyRow = new Set(common);
    // How many rows have each key: with it, a variable every row (or no row) supplies costs nothing per row.
    const rowsWith = new Map<string, number>();
    for (const [row] of rows) for (const key of Object.keys(row)) rowsWith.set(key, (rowsWith.get(key) ?? 0) + 1);
    const has = (row: Record<string, unknown>, v: RequiredVariable) => Object.hasOwn(row, v.name) || Object.hasOwn(row, v.root);
    for (const v of variables) {
      if (isSupplied(v.name, everyRow)) continue;
      const withName = rowsWith.get(v.name) ?? 0;
      const withRoot = v.root === v.name ? 0 : (rowsWith.get(v.root) ?? 0);
      if (withName === rows.length || withRoot === rows.length) continue;
      // Count the rows without it but keep only the first few: a large batch must not allocate a list per variable.
      const lacking: number[] = [];
      let missingCount = 0;
      if (withName + withRoot === 0) missingCount = rows.length;
      else {
        for (const [row, i] of rows) {
          if (has(row, v)) continue;
          if (missingCount++ < MAX_ROWS) lacking.push(i);
        }
      }
      if (missingCount === 0) continue;
      if (lacking.length === 0) lacking.push(...rows.slice(0, MAX_ROWS).map(([, i]) => i));
      if (missingCount === rows.length && rows.length > 1) {
        report({ pointer: at("call_data"), messageId: "noRowSupplies", data: { read: read(v), root: v.root, consequence: consequence(v) } });
        continue;
      }
      // A large batch missing a variable in most rows would otherwise print a finding per row: show the first few.
      for (const i of lacking) {
        report({ pointer: at("call_data", i), messageId: "rowDoesNotSupply", data: { read: read(v), index: i, root: v.root, consequence: consequence(v) } });
      }
      if (missingCount > MAX_ROWS)
        report({
          pointer: at("call_data"),
          messageId: "moreRowsMissing",
          data: { name: v.name, more: missingCount - MAX_ROWS, missing: missingCount, rows: rows.length, root: v.root },
        });
    }
    return;
  }
  const check = (supplied: Set<string>, pointer: string, where: string, hint: (name: string) => string) => {
    for (const v of variables) {
      if (!isSupplied(v.name, supplied))
        report({ pointer, messageId: "notSupplied", data: { read: read(v), where, hint: hint(v.root), consequence: consequence(v) } });
    }
  };
  if (kind === "inbound") {
    // An inbound update has no request_data, and pathway_id resets dynamic_data (seed 4.2): only the pathway can set it.
    check(
      new Set(),
      at("pathway_id"),
      "an inbound call (no request_data; pathway_id resets dynamic_data: POST /v1/inbound/{phone_number})",
      (name) => `extract or fetch "${name}" in the pathway before this node`,
    );
    return;
  }
  const pointer = isObject(body.request_data) ? at("request_data") : "";
  check(new Set(common), pointer, "request_data", (name) => `add "${name}" to request_data`);
}

/** The node of a read, for messages: `node "Greeting" (id start)`. */
export function describeReadNode(v: RequiredVariable): string {
  return `node ${v.nodeName !== undefined ? `"${v.nodeName}" (id ${v.nodeId})` : `id ${v.nodeId}`}`;
}
