// The keys of a scenario file at the cursor: which keys may be written there (completion) and what one means (hover), from the scenario's JSON Schema.
import { CompletionItemKind, MarkupKind, type CompletionItem, type Hover } from "vscode-languageserver";
import { getScenarioSchema } from "../engine/scenarios/scenario-schema.js";

type Schema = Record<string, unknown>;

/** A line's indentation, and whether it starts a list item (`- `), whose content is then indented two more. */
function lineShape(line: string): { indent: number; item: boolean; key?: string } {
  const m = /^(\s*)(-\s+)?(?:(["']?)([\w$-]+)\3\s*:(?:\s|$))?/.exec(line)!;
  return { indent: m[1]!.length + (m[2]?.length ?? 0), item: m[2] !== undefined, ...(m[4] !== undefined && { key: m[4] }) };
}

/**
 * The path of keys (`#` for a list item) that holds what is written at `indent` on line `at`: the keys of the lines
 * above it with less indentation, innermost last. Block YAML only; a flow mapping (`{...}`) has no keys here.
 */
export function getKeyPath(lines: readonly string[], at: number, indent: number): string[] {
  const path: string[] = [];
  let limit = indent;
  const here = lineShape(lines[at] ?? "");
  if (here.item && here.indent - 2 < limit) {
    path.unshift("#");
    limit = here.indent - 2;
  }
  for (let i = at - 1; i >= 0 && limit > 0; i--) {
    const text = lines[i]!;
    if (text.trim() === "" || text.trimStart().startsWith("#")) continue;
    const shape = lineShape(text);
    const start = shape.item ? shape.indent - 2 : shape.indent;
    if (shape.key !== undefined && shape.indent < limit) {
      path.unshift(shape.key);
      limit = shape.indent;
    }
    if (shape.item && start < limit) {
      path.unshift("#");
      limit = start;
    }
  }
  return path;
}

/** Each branch of the schemas' anyOf, as schemas of their own. */
function expand(list: readonly Schema[]): Schema[] {
  return list.flatMap((s) => (Array.isArray(s.anyOf) ? expand(s.anyOf as Schema[]) : [s]));
}

/** The schemas a path leads to (through items and each branch of anyOf), as the path's last step names them. */
function schemasAt(root: Schema, path: readonly string[]): Schema[] {
  let at: Schema[] = [root];
  for (const step of path) {
    at = expand(at).flatMap((s): Schema[] => {
      if (step === "#") return s.items && typeof s.items === "object" ? [s.items as Schema] : [];
      const props = s.properties as Record<string, Schema> | undefined;
      if (props && Object.hasOwn(props, step)) return [props[step]!];
      // A record (vars:, webhooks:): any key, its value's schema.
      return s.additionalProperties && typeof s.additionalProperties === "object" ? [s.additionalProperties as Schema] : [];
    });
  }
  return at;
}

function describe(s: Schema): string | undefined {
  return typeof s.description === "string" ? s.description : undefined;
}

/**
 * Completion items for the key being typed on `line` at `character`: the keys the schema allows where it stands, with
 * their descriptions; none when the cursor is not on a key (a value, a comment, a flow mapping).
 */
export function getScenarioKeyCompletions(text: string, line: number, character: number): CompletionItem[] {
  const lines = text.split("\n");
  const before = (lines[line] ?? "").slice(0, character);
  const typing = /^(\s*)(-\s+)?([\w$-]*)$/.exec(before);
  if (!typing) return [];
  const indent = typing[1]!.length + (typing[2]?.length ?? 0);
  const path = getKeyPath(lines, line, indent);
  const items = new Map<string, CompletionItem>();
  for (const s of expand(schemasAt(getScenarioSchema(), path))) {
    for (const [key, value] of Object.entries((s.properties as Record<string, Schema> | undefined) ?? {})) {
      if (key === "$schema" || items.has(key)) continue;
      const doc = describe(value);
      items.set(key, {
        label: key,
        kind: CompletionItemKind.Property,
        insertText: `${key}: `,
        ...(doc !== undefined && { documentation: { kind: MarkupKind.Markdown, value: doc } }),
      });
    }
  }
  return [...items.values()];
}

/** What the key under the cursor means, from the schema's description; undefined off a key or for a key it does not know. */
export function getScenarioKeyHover(text: string, line: number, character: number): Hover | undefined {
  const lines = text.split("\n");
  const shape = lineShape(lines[line] ?? "");
  if (shape.key === undefined) return undefined;
  const start = (lines[line] ?? "").indexOf(shape.key, shape.indent);
  if (character < start || character > start + shape.key.length) return undefined;
  const path = [...getKeyPath(lines, line, shape.indent), shape.key];
  const nodes = schemasAt(getScenarioSchema(), path);
  const found = [...nodes, ...expand(nodes)].map(describe).find((d) => d !== undefined);
  if (found === undefined) return undefined;
  return { contents: { kind: MarkupKind.Markdown, value: `\`${shape.key}\`: ${found}` } };
}
