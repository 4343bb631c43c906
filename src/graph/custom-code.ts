// What a Custom Code node sets: the top-level keys of the object literals its code returns with `Response.json(...)`.
import { createRequire } from "node:module";

type Acorn = typeof import("acorn");

let acorn: Acorn | undefined;

/** acorn, loaded on first use: only pathways with Custom Code pay for it (about 90 ms cold, 0.6 MB installed). */
function loadAcorn(): Acorn {
  // A synchronous require keeps lint synchronous; the package ships CommonJS beside its ES module.
  acorn ??= createRequire(import.meta.url)("acorn") as Acorn;
  return acorn;
}

/** Where the code failed to parse: 1-based line and column in the code, and the offset in the code string. */
export interface CodeSyntaxError {
  message: string;
  line: number;
  column: number;
  offset: number;
}

/** What reading a Custom Code node's `code` statically gives. */
export interface CustomCodeOutputs {
  /** Keys the code returns, in the order first written. */
  keys: string[];
  /** Why the returned keys cannot all be known (a spread, a computed key, a non-literal argument...); absent when they can. */
  opaque?: string;
  /** The code does not parse; `keys` is then empty and `opaque` says so. */
  syntaxError?: CodeSyntaxError;
}

interface AstNode {
  type: string;
  [key: string]: unknown;
}

function isAstNode(value: unknown): value is AstNode {
  return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}

/** `Response.json` as written in the code (not `Response["json"]`, which is the same call but rare enough to call opaque). */
function isResponseJson(node: AstNode): boolean {
  if (node.type !== "CallExpression") return false;
  const callee = node.callee as AstNode;
  if (callee.type !== "MemberExpression" || callee.computed) return false;
  const object = callee.object as AstNode;
  const property = callee.property as AstNode;
  return object.type === "Identifier" && object.name === "Response" && property.type === "Identifier" && property.name === "json";
}

function keyName(key: AstNode): string | undefined {
  if (key.type === "Identifier") return key.name as string;
  if (key.type === "Literal" && (typeof key.value === "string" || typeof key.value === "number")) return String(key.value);
  return undefined;
}

/**
 * Reads the variables a Custom Code node's `code` sets, with a real JavaScript parser (acorn), never patterns: the
 * top-level keys of every object literal passed to `Response.json(...)`. Never throws.
 */
export function readCustomCodeOutputs(code: string): CustomCodeOutputs {
  let program: AstNode;
  try {
    program = loadAcorn().parse(code, {
      ecmaVersion: "latest",
      sourceType: "module",
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
      allowHashBang: true,
    }) as unknown as AstNode;
  } catch (error) {
    const e = error as { message?: string; pos?: number; loc?: { line: number; column: number } };
    const message = String(e.message ?? error).replace(/\s*\(\d+:\d+\)$/, "");
    const syntaxError = { message, line: e.loc?.line ?? 1, column: (e.loc?.column ?? 0) + 1, offset: e.pos ?? 0 };
    return { keys: [], opaque: "its code does not parse", syntaxError };
  }
  const keys: string[] = [];
  const seen = new Set<string>();
  const reasons: string[] = [];
  let calls = 0;
  // An explicit stack: generated code can nest deeper than the call stack allows.
  const stack: unknown[] = [program];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
      continue;
    }
    if (!isAstNode(value)) continue;
    if (isResponseJson(value)) {
      calls++;
      const arg = (value.arguments as AstNode[])[0];
      if (arg?.type !== "ObjectExpression") reasons.push("it passes Response.json something other than an object literal");
      else {
        for (const p of arg.properties as AstNode[]) {
          const name = p.type === "Property" && !p.computed ? keyName(p.key as AstNode) : undefined;
          if (name === undefined) {
            reasons.push(p.type === "SpreadElement" ? "it spreads an object into Response.json" : "it computes a key of Response.json's object");
            continue;
          }
          if (!seen.has(name)) {
            seen.add(name);
            keys.push(name);
          }
        }
      }
    }
    // Children pushed last-first, so they are read in source order and keys keep the order they are written in.
    const children: unknown[] = [];
    for (const key in value) {
      const child = value[key];
      if (typeof child === "object" && child !== null && key !== "loc") children.push(child);
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  if (calls === 0) reasons.push("it returns no Response.json({...})");
  return reasons.length > 0 ? { keys, opaque: reasons[0] } : { keys };
}
