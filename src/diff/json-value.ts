// Small helpers over plain JSON values: deep equality, cloning, path get/set/delete and JSON pointers.
import { isObject } from "../model/pathway.js";

/** A key path into a JSON value; array indices are decimal strings. */
export type JsonPath = readonly string[];

/** True when two JSON values are equal: same type, same keys (any order), same array order. */
export function isJsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!isJsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao).filter((k) => ao[k] !== undefined);
  const bk = Object.keys(bo).filter((k) => bo[k] !== undefined);
  if (ak.length !== bk.length) return false;
  for (const k of ak) {
    if (!Object.hasOwn(bo, k) || !isJsonEqual(ao[k], bo[k])) return false;
  }
  return true;
}

/** Sets an own property, even one named `__proto__` (which plain assignment would turn into a prototype change). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** A deep copy of a JSON value that keeps `__proto__` keys as data. */
export function cloneJson<T>(value: T): T {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => cloneJson(item)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (v !== undefined) setOwn(out, k, cloneJson(v));
  return out as T;
}

/** The own value at `path` inside `value`, or undefined. */
export function getIn(value: unknown, path: JsonPath): unknown {
  let current = value;
  for (const key of path) {
    if (Array.isArray(current)) current = /^\d+$/.test(key) ? current[Number(key)] : undefined;
    else if (isObject(current) && Object.hasOwn(current, key)) current = current[key];
    else return undefined;
  }
  return current;
}

/**
 * Returns `root` with `value` at `path` (creating objects on the way; `undefined` deletes the key). Mutates containers
 * in place where it can; the returned value is the new root (it differs only when `path` is empty).
 */
export function setIn(root: unknown, path: JsonPath, value: unknown): unknown {
  if (path.length === 0) return value;
  const container: unknown = isObject(root) || Array.isArray(root) ? root : {};
  let current = container as Record<string, unknown> | unknown[];
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i]!;
    const next = Array.isArray(current) ? current[Number(key)] : Object.hasOwn(current, key) ? current[key] : undefined;
    if (isObject(next) || Array.isArray(next)) {
      current = next;
    } else {
      const created: Record<string, unknown> = {};
      if (Array.isArray(current)) current[Number(key)] = created;
      else setOwn(current, key, created);
      current = created;
    }
  }
  const last = path[path.length - 1]!;
  if (Array.isArray(current)) {
    if (value === undefined) current.splice(Number(last), 1);
    else current[Number(last)] = value;
  } else if (value === undefined) {
    delete current[last];
  } else {
    setOwn(current, last, value);
  }
  return container;
}

/** An RFC 6901 JSON pointer from path segments. */
export function toJsonPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}
