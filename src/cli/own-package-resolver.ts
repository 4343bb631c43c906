// Lets a pathway module import "pathwaykit" in a folder that has not installed it: `pathway import` then `pathway build` just work.
import Module, { createRequire, register } from "node:module";

const OWN = /^pathwaykit(\/|$)/;

/**
 * ES module hooks, run by Node's loader: a bare "pathwaykit" (or "pathwaykit/…") the module's own folder cannot resolve
 * is resolved from this package instead. A project that installs pathwaykit gets its own copy, as before: the fallback
 * only answers where Node would have failed.
 */
const HOOKS = `let self;
export function initialize(data) { self = data.self; }
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    if (error?.code !== "ERR_MODULE_NOT_FOUND" || !${OWN}.test(specifier)) throw error;
    return next(specifier, { ...context, parentURL: self });
  }
}`;

type ResolveFilename = (request: string, parent: unknown, isMain: boolean, options?: unknown) => string;

let registered = false;

/**
 * Installs the fallback once per process, for both ways tsx may load a module: as an ES module (Node's hooks, which
 * must be registered before tsx's so that they run after them) and as CommonJS (a folder without "type": "module",
 * where Node 20's hooks do not reach require, so its resolver is wrapped as tsx itself does).
 */
export function resolvePathwaykitFromHere(): void {
  if (registered) return;
  registered = true;
  // A data: URL, because the packed CLI has no hooks file of its own to point at; `self` is a file inside this package,
  // from which "pathwaykit" resolves to this package through its "exports".
  register(`data:text/javascript,${encodeURIComponent(HOOKS)}`, { data: { self: import.meta.url } });
  const own = createRequire(import.meta.url);
  const cjs = Module as unknown as { _resolveFilename: ResolveFilename };
  const resolveFilename = cjs._resolveFilename;
  cjs._resolveFilename = function (request, ...rest) {
    try {
      return resolveFilename.call(this, request, ...rest);
    } catch (error) {
      if ((error as { code?: string }).code !== "MODULE_NOT_FOUND" || !OWN.test(request)) throw error;
      return own.resolve(request);
    }
  };
}
