// The fluent pathway builder: declared node ids accumulate in its type, so an edge to an undeclared node does not compile.
import type { Diagnostic } from "../diagnostics/index.js";
import type { JsonObject, Pathway } from "../model/index.js";
import { validateValue, type ValidateOptions } from "../validate/index.js";
import { captureCallSite, toCallSiteString, type CallSite } from "./call-site.js";
import type { NodeSpec } from "./nodes.js";

/** Marks builder objects, so `pathway build` recognises one even when it comes from another copy of the library. */
export const BUILDER_BRAND = Symbol.for("pathwaykit.builder");

/** Options of `pathway()`. All optional. */
export interface PathwayOptions {
  name?: string;
  description?: string | null;
  /** The JSON Schema reference written as `$schema`, e.g. "../schemas/pathway.schema.json". */
  $schema?: string;
  /** Leave `edges` out of the JSON when no edge is declared (some real files have no edges key). Default false. */
  omitEmptyEdges?: boolean;
  /** Defaults for every edge: where labels go and the edge `type` (UI exports: `{ labelAt: "data", type: "custom" }`). */
  edgeDefaults?: { labelAt?: "top" | "data"; type?: string };
  /** Escape hatch: more top-level fields (`pathway_id`, `version_number`, ...), written as they are. */
  fields?: JsonObject;
}

/** Options of a global node: when the caller may jump to it from anywhere. */
export interface GlobalOptions {
  /** When to jump here, e.g. "The caller asks to speak to a human" (`globalLabel`). Required and non-empty. */
  label: string;
  /** More detail for the model (`globalDescription`). */
  description?: string;
  /** Return to the interrupted node afterwards (`enableGlobalAutoReturn`). */
  autoReturn?: boolean;
}

/** Options of an edge. All optional. */
export interface EdgeOptions {
  /** Edge id. Default `"<source>-><target>"` (with `#2`, `#3`... when that is taken). */
  id?: string;
  /** Written as `data.description`. */
  description?: string;
  /** Where the label is written: "top" (documented; what the save endpoint reads; the default) or "data" (UI exports). */
  labelAt?: "top" | "data";
  /** The edge's `type` (UI exports use "custom"); null writes none even when `edgeDefaults.type` is set. */
  type?: string | null;
  /** Escape hatch: more `data` fields, written as they are. */
  data?: JsonObject;
  /** Escape hatch: more fields on the edge itself. */
  fields?: JsonObject;
}

/** A diagnostic of a built pathway, with the place in the TypeScript source that declared the offending part. */
export interface BuilderDiagnostic extends Diagnostic {
  declaredAt?: CallSite;
}

/** Thrown by `build()`: one error listing every diagnostic with the file:line that declared the node or edge. */
export class PathwayBuildError extends Error {
  constructor(readonly diagnostics: readonly BuilderDiagnostic[]) {
    super(toBuildErrorMessage(diagnostics));
    this.name = "PathwayBuildError";
  }
}

function toBuildErrorMessage(diagnostics: readonly BuilderDiagnostic[]): string {
  const lines = diagnostics.map((d) => `  ${toCallSiteString(d.declaredAt)}  ${d.severity}  ${d.message}  (${d.ruleId} at ${d.pointer || "/"})`);
  return `The pathway has ${diagnostics.length} problem${diagnostics.length === 1 ? "" : "s"}:\n${lines.join("\n")}`;
}

/** A declared entry and where it was declared, read from its stack only when a finding needs it. */
interface Declared {
  value: unknown;
  site: () => CallSite | undefined;
}

/**
 * Fluent builder of one pathway. `Ids` is the union of the node ids declared so far; `HasStart` whether the start node
 * is declared (a second `start()` does not compile). Every method records where it was called, for diagnostics.
 */
export class PathwayBuilder<Ids extends string = never, HasStart extends boolean = false> {
  readonly [BUILDER_BRAND] = true;
  /** Type-only: whether the start node is declared (keeps PathwayBuilder<I, true> from passing as PathwayBuilder<I, false>). */
  declare readonly hasStart: HasStart;
  readonly #options: PathwayOptions;
  readonly #site: () => CallSite | undefined;
  readonly #entries: Declared[] = [];
  readonly #edges: Declared[] = [];
  readonly #edgeIds = new Set<string>();

  constructor(options: PathwayOptions = {}, site?: CallSite) {
    this.#options = options;
    this.#site = site ? () => site : captureCallSite();
  }

  /** Declares the start node (`data.isStart: true`). Only one: a second call does not compile. */
  start<const Id extends string>(this: PathwayBuilder<Ids, false>, id: Id, spec: NodeSpec): PathwayBuilder<Ids | Id, true> {
    return this.#addNode(id, spec, { isStart: true }) as never;
  }

  /** Declares a node. */
  node<const Id extends string>(id: Id, spec: NodeSpec): PathwayBuilder<Ids | Id, HasStart> {
    return this.#addNode(id, spec, {}) as never;
  }

  /** Declares a global node: reachable from every node when the caller's words match `label`. */
  global<const Id extends string>(id: Id, spec: NodeSpec, options: GlobalOptions): PathwayBuilder<Ids | Id, HasStart> {
    const flags: JsonObject = { isGlobal: true, globalLabel: options.label };
    if (options.description !== undefined) flags.globalDescription = options.description;
    if (options.autoReturn !== undefined) flags.enableGlobalAutoReturn = options.autoReturn;
    return this.#addNode(id, spec, flags) as never;
  }

  /** Connects two declared nodes; `label` says when the agent takes this edge. */
  edge(source: Ids, target: Ids, label?: string, options: EdgeOptions = {}): this {
    const edge: JsonObject = { id: options.id ?? this.#defaultEdgeId(source, target), source, target };
    const defaults = this.#options.edgeDefaults ?? {};
    const labelAtTop = label !== undefined && (options.labelAt ?? defaults.labelAt) !== "data";
    if (labelAtTop) edge.label = label;
    const type = options.type === undefined ? defaults.type : options.type;
    if (typeof type === "string") edge.type = type;
    const dataEntries: [string, unknown][] = [];
    if (label !== undefined && !labelAtTop) dataEntries.push(["label", label]);
    if (options.description !== undefined) dataEntries.push(["description", options.description]);
    if (dataEntries.length > 0 || options.data !== undefined) edge.data = { ...Object.fromEntries(dataEntries), ...options.data };
    return this.#addEdge({ ...edge, ...options.fields });
  }

  /** Sets the pathway's global prompt: the `{globalConfig: {globalPrompt}}` entry, written where this is called. */
  globalPrompt(prompt: string, extra?: { globalConfig?: JsonObject; fields?: JsonObject }): this {
    this.#entries.push({ value: { globalConfig: { globalPrompt: prompt, ...extra?.globalConfig }, ...extra?.fields }, site: captureCallSite() });
    return this;
  }

  /** Escape hatch: a node written exactly as given (any type, any data). Its `id` counts as declared. */
  rawNode<const Id extends string>(node: { id: Id; [key: string]: unknown }): PathwayBuilder<Ids | Id, HasStart> {
    this.#entries.push({ value: node, site: captureCallSite() });
    return this as never;
  }

  /** Escape hatch: any other `nodes[]` entry (no id, or not an object), written exactly as given. */
  rawEntry(entry: unknown): this {
    this.#entries.push({ value: entry, site: captureCallSite() });
    return this;
  }

  /** Escape hatch: an `edges[]` entry written exactly as given (for example one whose endpoint does not exist). */
  rawEdge(edge: unknown): this {
    const id = (edge as { id?: unknown } | null)?.id;
    if (typeof id === "string") this.#edgeIds.add(id);
    this.#edges.push({ value: edge, site: captureCallSite() });
    return this;
  }

  /** Applies a fragment: a function that adds a sub-flow (usually with prefixed ids) and returns the builder. */
  use<R>(fragment: (builder: this) => R): R {
    return fragment(this);
  }

  /** The pathway JSON value, without validating it. */
  toJSON(): Pathway {
    const o = this.#options;
    const top: JsonObject = {};
    if (o.$schema !== undefined) top.$schema = o.$schema;
    if (o.name !== undefined) top.name = o.name;
    if (o.description !== undefined) top.description = o.description;
    const result: JsonObject = { ...top, ...o.fields, nodes: this.#entries.map((e) => e.value) };
    if (this.#edges.length > 0 || !o.omitEmptyEdges) result.edges = this.#edges.map((e) => e.value);
    return result as Pathway;
  }

  /** Validates with the same validator as `pathway validate`; every finding carries the place that declared it. */
  check(options: ValidateOptions = {}): BuilderDiagnostic[] {
    return validateValue(this.toJSON(), options).map((d) => {
      const declaredAt = this.siteOf(d.pointer);
      return declaredAt ? { ...d, declaredAt } : d;
    });
  }

  /** The pathway JSON, validated; throws one `PathwayBuildError` listing every finding when there is any error. */
  build(options: ValidateOptions = {}): Pathway {
    const diagnostics = this.check(options);
    if (diagnostics.some((d) => d.severity === "error")) throw new PathwayBuildError(diagnostics);
    return this.toJSON();
  }

  /** Where the part of the pathway at JSON `pointer` was declared: its node, its edge, or the `pathway()` call. */
  siteOf(pointer: string): CallSite | undefined {
    const m = /^\/(nodes|edges)\/(\d+)(?:\/|$)/.exec(pointer);
    if (m) {
      const list = m[1] === "nodes" ? this.#entries : this.#edges;
      const declared = list[Number(m[2])];
      if (declared) return declared.site() ?? this.#site();
    }
    return this.#site();
  }

  #addNode(id: string, spec: NodeSpec, flags: JsonObject): this {
    const data = { ...spec.data, ...flags };
    this.#entries.push({ value: { id, type: spec.type, data, ...spec.fields }, site: captureCallSite() });
    return this;
  }

  #addEdge(edge: JsonObject): this {
    if (typeof edge.id === "string") this.#edgeIds.add(edge.id);
    this.#edges.push({ value: edge, site: captureCallSite() });
    return this;
  }

  #defaultEdgeId(source: string, target: string): string {
    const base = `${source}->${target}`;
    let id = base;
    for (let n = 2; this.#edgeIds.has(id); n++) id = `${base}#${n}`;
    return id;
  }
}

/** Starts a pathway. Declare nodes with `start`, `node` and `global`, connect them with `edge`, finish with `build()`. */
export function pathway(options: PathwayOptions = {}): PathwayBuilder {
  return new PathwayBuilder(options);
}

/** True for a builder made by any copy of this library (checked by brand, not `instanceof`). */
export function isPathwayBuilder(value: unknown): value is PathwayBuilder<string, boolean> {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BUILDER_BRAND] === true;
}
