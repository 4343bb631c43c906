// The diff's options (and their resolver) and result types: what `getPathwayDiff` is asked and what it returns.
import type { ChangeKind, KindCounts } from "./change-kind.js";
import type { LikelyLoss } from "./likely-losses.js";
import type { TextDiff, WordPart } from "./text-hunks.js";

export type { WordPart } from "./text-hunks.js";

/** Options of `getPathwayDiff`; all optional. */
export interface DiffOptions {
  /** Compare the fields in IGNORED_FIELDS too (layout, edge ids, label placement). Default false. */
  includeLayout?: boolean;
  /** Least content similarity (0..1) for a removed and an added node to count as one renamed node. Default 0.6. */
  renameThreshold?: number;
  /** Strings at least this long (or holding a newline) get a word-level diff. Default 60. */
  wordDiffMinLength?: number;
  /** Most removed x added node pairs compared for renames; beyond it only nodes of the same type are compared. Default 250,000. */
  maxRenamePairs?: number;
  /** Units (lines or sentences) of context around each change inside a long string; `"all"` keeps them all. Default 3. */
  context?: number | "all";
}

/** DiffOptions with every default filled in. */
export type DiffConfig = Required<DiffOptions>;

/** Fills in the defaults of `DiffOptions`. */
export function resolveDiffOptions(options: DiffOptions = {}): DiffConfig {
  return {
    includeLayout: options.includeLayout ?? false,
    renameThreshold: options.renameThreshold ?? 0.6,
    wordDiffMinLength: options.wordDiffMinLength ?? 60,
    maxRenamePairs: options.maxRenamePairs ?? 250_000,
    context: options.context ?? 3,
  };
}

/** What a change is about: a top-level field, the `{globalConfig}` entries of nodes[], a node, or an edge. */
export type DiffEntity = "pathway" | "globalConfig" | "node" | "edge";

/** What happened to it. `rename` is a node whose id changed while its content stayed similar. */
export type DiffOp = "add" | "remove" | "change" | "rename";

/** Identifies an edge without its (regenerated) id: endpoints as in the new version, label, and which of several equal edges. */
export interface EdgeRef {
  source: string;
  target: string;
  label: string | null;
  /** 0 for the first edge with these endpoints and label, 1 for the second... */
  occurrence: number;
}

/** One change. Whole entities are added or removed with `path: []`; fields change at `path` inside the entity. */
export interface PathwayChange {
  entity: DiffEntity;
  op: DiffOp;
  /** What the change is about (prompt, routing, variables...). */
  kind: ChangeKind;
  /** Field path inside the entity (node or edge without its id and endpoints; the pathway without nodes and edges). */
  path: string[];
  /** Node changes: the node's id (the new id for a renamed node). */
  nodeId?: string;
  /** Renames: the old id. */
  fromId?: string;
  /** Node changes: the node's name, for messages. */
  name?: string;
  /** Edge changes: which edge (the old label for changes and removals). */
  edge?: EdgeRef;
  before?: unknown;
  after?: unknown;
  /** Long one-line, one-sentence strings: the change word by word. */
  words?: WordPart[];
  /** Long strings of several lines or sentences, and JSON held in strings: the changed hunks with context. */
  textDiff?: TextDiff;
  /** Renames: content similarity, 0..1. */
  similarity?: number;
  /** Where the old value is in the first document (RFC 6901). */
  pointerA?: string;
  /** Where the new value is in the second document. */
  pointerB?: string;
}

/** Counts of what changed. */
export interface DiffSummary {
  nodesAdded: number;
  nodesRemoved: number;
  nodesRenamed: number;
  nodesChanged: number;
  edgesAdded: number;
  edgesRemoved: number;
  edgesChanged: number;
  pathwayFieldsChanged: number;
  /** Changes by kind (field changes, whole nodes and edges added or removed, renames). */
  byKind: KindCounts;
}

/** The result of `getPathwayDiff`. */
export interface PathwayDiff {
  equal: boolean;
  summary: DiffSummary;
  changes: PathwayChange[];
  /** The fields left out of the comparison (empty with `includeLayout`). */
  ignoredFields: string[];
  /** Changes that often mean an accidental loss: labels, variables or routes removed, removed nodes still pointed at. */
  losses: LikelyLoss[];
}

/** A diff with the two values it compares and how to name them (a file path, `remote:<id>`): what diff formatters print. */
export interface VersionsDiff {
  diff: PathwayDiff;
  /** The first version's value (the Mermaid diff draws removed nodes from it). */
  before: unknown;
  /** The second version's value (the Mermaid diff draws its graph). */
  after: unknown;
  labelA: string;
  labelB: string;
}
