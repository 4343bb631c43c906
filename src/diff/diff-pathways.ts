// The semantic diff of two pathways: nodes matched by id (or by content when an id changed), edges by source, target and label.
import { getEdgeLabel, getEdges, getNodes, isObject, nodeData, type IndexedNode } from "../model/pathway.js";
import { isJsonEqual, setOwn, toJsonPointer, type JsonPath } from "./json-value.js";
import { getContentTokens, getContentSimilarity } from "./similarity.js";
import { getChangeKind } from "./change-kind.js";
import { toDiffSummary } from "./diff-summary.js";
import { resolveDiffOptions, type DiffConfig, type DiffOp, type DiffOptions, type EdgeRef, type PathwayChange, type PathwayDiff } from "./diff-types.js";
import { getDanglingReferences, getEdgeLoss, getNodeLosses, type LikelyLoss } from "./likely-losses.js";
import { getTextDiff, getTextUnit, getWordParts, type TextDiff, type WordPart } from "./text-hunks.js";
import { IGNORED_FIELDS, toEdgeView, toNodeView } from "./views.js";

type Emit = (op: DiffOp, path: JsonPath, before: unknown, after: unknown) => void;

/** Walks two values and emits the smallest changed paths: objects key by key, arrays of equal length item by item. */
function compareValues(a: unknown, b: unknown, path: string[], emit: Emit): void {
  if (isJsonEqual(a, b)) return;
  if (isObject(a) && isObject(b)) {
    for (const key of Object.keys(a)) {
      if (!Object.hasOwn(b, key)) emit("remove", [...path, key], a[key], undefined);
      else compareValues(a[key], b[key], [...path, key], emit);
    }
    for (const key of Object.keys(b)) {
      if (!Object.hasOwn(a, key)) emit("add", [...path, key], undefined, b[key]);
    }
    return;
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((item, i) => compareValues(item, b[i], [...path, String(i)], emit));
    return;
  }
  emit("change", path, a, b);
}

/**
 * How a changed string is shown: short strings not at all (before and after say it), one-unit strings word by word,
 * longer ones as hunks of lines or sentences with context, JSON held in strings as JSON.
 */
export function toStringDiff(before: unknown, after: unknown, config: DiffConfig): { words?: WordPart[]; textDiff?: TextDiff } {
  if (typeof before !== "string" || typeof after !== "string") return {};
  const long = Math.max(before.length, after.length) >= config.wordDiffMinLength || before.includes("\n") || after.includes("\n");
  if (!long && getTextUnit(before, after) !== "json") return {};
  const textDiff = getTextDiff(before, after, { context: config.context });
  if (textDiff.unit === "json") return { textDiff };
  if (textDiff.oldUnits <= 1 && textDiff.newUnits <= 1) {
    // Two unrelated long texts would make the word diff quadratic; past this many edits the plain before/after says it better.
    const words = getWordParts(before, after, 2000);
    return words ? { words } : {};
  }
  return { textDiff };
}

/** An edge endpoint as a string key (ids are strings; anything else is keyed by its JSON). */
export function toEndpointKey(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "undefined");
}

function topLevelView(pathway: unknown): Record<string, unknown> {
  if (!isObject(pathway)) return {};
  const view: Record<string, unknown> = {};
  // setOwn: a top-level `__proto__` key is data to compare, not a prototype to assign.
  for (const [k, v] of Object.entries(pathway)) if (k !== "nodes" && k !== "edges") setOwn(view, k, v);
  return view;
}

/** Entries of nodes[] that are not nodes (the `{globalConfig}` pseudo-entry, malformed entries), with their indices. */
export function getNonNodeEntries(pathway: unknown): { entry: unknown; index: number }[] {
  const nodes = isObject(pathway) ? pathway.nodes : undefined;
  if (!Array.isArray(nodes)) return [];
  const isNode = new Set(getNodes(pathway).map((n) => n.index));
  return nodes.flatMap((entry, index) => (isNode.has(index) ? [] : [{ entry, index }]));
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

interface KeyedEdge {
  edge: Record<string, unknown>;
  index: number;
  source: string;
  target: string;
  label: string | null;
  occurrence: number;
  /** Endpoints and label. */
  key: string;
  /** Endpoints only. */
  ends: string;
}

function toKeyedEdges(pathway: unknown, mapId: (id: string) => string): KeyedEdge[] {
  const counts = new Map<string, number>();
  return getEdges(pathway).map(({ edge, index }) => {
    const source = mapId(toEndpointKey(edge.source));
    const target = mapId(toEndpointKey(edge.target));
    const label = getEdgeLabel(edge) ?? null;
    const ends = `${source}\u0000${target}`;
    const key = label === null ? `${ends}\u0001` : `${ends}\u0000${label}`;
    const occurrence = counts.get(key) ?? 0;
    counts.set(key, occurrence + 1);
    return { edge: edge as Record<string, unknown>, index, source, target, label, occurrence, key, ends };
  });
}

/** Pairs removed and added nodes whose content is similar enough, best pairs first. Returns old id -> new id. */
function findRenames(removed: IndexedNode[], added: IndexedNode[], config: DiffConfig): Map<string, { to: IndexedNode; similarity: number }> {
  const renames = new Map<string, { to: IndexedNode; similarity: number }>();
  if (removed.length === 0 || added.length === 0) return renames;
  const sameTypeOnly = removed.length * added.length > config.maxRenamePairs;
  const tokensOf = (n: IndexedNode) => getContentTokens(toNodeView(n.node as Record<string, unknown>, false));
  const aTokens = removed.map(tokensOf);
  const bTokens = added.map(tokensOf);
  const candidates: { i: number; j: number; similarity: number }[] = [];
  removed.forEach((a, i) => {
    added.forEach((b, j) => {
      if (sameTypeOnly && a.node.type !== b.node.type) return;
      const similarity = getContentSimilarity(aTokens[i]!, bTokens[j]!);
      if (similarity >= config.renameThreshold) candidates.push({ i, j, similarity });
    });
  });
  candidates.sort((x, y) => y.similarity - x.similarity || x.i - y.i || x.j - y.j);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  for (const c of candidates) {
    if (usedA.has(c.i) || usedB.has(c.j)) continue;
    usedA.add(c.i);
    usedB.add(c.j);
    renames.set(removed[c.i]!.node.id, { to: added[c.j]!, similarity: Math.round(c.similarity * 1000) / 1000 });
  }
  return renames;
}

function nodeName(...nodes: (IndexedNode | undefined)[]): string | undefined {
  for (const n of nodes) {
    const name = n ? nodeData(n.node).name : undefined;
    if (typeof name === "string" && name !== "") return name;
  }
  return undefined;
}

/** Where a view path of an edge lives in the raw edge: the single `label` is at the top level or under data. */
function edgeRawPath(edge: Record<string, unknown>, path: JsonPath, includeLayout: boolean): JsonPath {
  if (includeLayout || path[0] !== "label" || path.length !== 1) return path;
  return typeof edge.label === "string" || !isObject(edge.data) || typeof edge.data.label !== "string" ? path : ["data", "label"];
}

/**
 * Compares two pathway values semantically. Node and edge order never matter; UI-only fields (IGNORED_FIELDS) are
 * ignored unless `includeLayout`; a node whose id changed but whose content is similar is reported as a rename;
 * edges are matched by source, target and label (then by endpoints alone, as a label change), never by id.
 * Malformed input is compared as far as it goes; this never throws on JSON values.
 */
export function getPathwayDiff(a: unknown, b: unknown, options: DiffOptions = {}): PathwayDiff {
  const config = resolveDiffOptions(options);
  const changes: PathwayChange[] = [];
  const losses: LikelyLoss[] = [];
  const push = (partial: Omit<PathwayChange, "kind">) => {
    const change = partial as PathwayChange;
    change.kind = getChangeKind(change);
    if (change.op === "change") Object.assign(change, toStringDiff(change.before, change.after, config));
    for (const key of Object.keys(change) as (keyof PathwayChange)[]) if (change[key] === undefined) delete change[key];
    changes.push(change);
  };

  // Top-level fields.
  compareValues(topLevelView(a), topLevelView(b), [], (op, path, before, after) => {
    const change: Omit<PathwayChange, "kind"> = { entity: "pathway", op, path: [...path], before, after };
    if (op !== "add") change.pointerA = toJsonPointer(path);
    if (op !== "remove") change.pointerB = toJsonPointer(path);
    push(change);
  });

  // The non-node entries of nodes[] (usually the single `{globalConfig}` pseudo-entry), compared as one list.
  const aExtra = getNonNodeEntries(a);
  const bExtra = getNonNodeEntries(b);
  compareValues(
    aExtra.map((e) => e.entry),
    bExtra.map((e) => e.entry),
    [],
    (op, path, before, after) => {
      const pointer = (extra: { index: number }[]) =>
        path.length === 0 ? "/nodes" : toJsonPointer(["nodes", extra[Number(path[0])]?.index ?? "-", ...path.slice(1)]);
      const change: Omit<PathwayChange, "kind"> = { entity: "globalConfig", op, path: [...path], before, after };
      if (op !== "add") change.pointerA = pointer(aExtra);
      if (op !== "remove") change.pointerB = pointer(bExtra);
      push(change);
    },
  );

  // Nodes: by id, then renames among the rest.
  const aNodes = getNodes(a);
  const bNodes = getNodes(b);
  const aById = groupBy(aNodes, (n) => n.node.id);
  const bById = groupBy(bNodes, (n) => n.node.id);
  const partner = new Map<IndexedNode, IndexedNode>(); // b -> a
  for (const [id, bList] of bById) {
    const aList = aById.get(id) ?? [];
    bList.forEach((bn, i) => {
      const an = aList[i];
      if (an) partner.set(bn, an);
    });
  }
  const matchedA = new Set(partner.values());
  const removedNodes = aNodes.filter((n) => !matchedA.has(n));
  const addedNodes = bNodes.filter((n) => !partner.has(n));
  const renames = findRenames(
    removedNodes.filter((n) => aById.get(n.node.id)!.length === 1),
    addedNodes.filter((n) => bById.get(n.node.id)!.length === 1),
    config,
  );
  const renamedTo = new Map<IndexedNode, { from: IndexedNode; similarity: number }>();
  for (const from of removedNodes) {
    const r = renames.get(from.node.id);
    if (r) renamedTo.set(r.to, { from, similarity: r.similarity });
  }
  const mapId = (id: string) => renames.get(id)?.to.node.id ?? id;

  for (const bn of bNodes) {
    const rename = renamedTo.get(bn);
    const an = partner.get(bn) ?? rename?.from;
    const name = nodeName(bn, an);
    const base = (n: IndexedNode) => ["nodes", String(n.index)];
    if (!an) {
      push({ entity: "node", op: "add", path: [], nodeId: bn.node.id, ...(name ? { name } : {}), after: bn.node, pointerB: toJsonPointer(base(bn)) });
      continue;
    }
    if (rename) {
      push({
        entity: "node",
        op: "rename",
        path: [],
        nodeId: bn.node.id,
        fromId: an.node.id,
        ...(name ? { name } : {}),
        similarity: rename.similarity,
        pointerA: toJsonPointer([...base(an), "id"]),
        pointerB: toJsonPointer([...base(bn), "id"]),
      });
    }
    const before = changes.length;
    compareValues(
      toNodeView(an.node as Record<string, unknown>, config.includeLayout),
      toNodeView(bn.node as Record<string, unknown>, config.includeLayout),
      [],
      (op, path, va, vb) => {
        const change: Omit<PathwayChange, "kind"> = {
          entity: "node",
          op,
          path: [...path],
          nodeId: bn.node.id,
          ...(name ? { name } : {}),
          before: va,
          after: vb,
        };
        if (op !== "add") change.pointerA = toJsonPointer([...base(an), ...path]);
        if (op !== "remove") change.pointerB = toJsonPointer([...base(bn), ...path]);
        push(change);
      },
    );
    if (changes.length > before) {
      losses.push(...getNodeLosses(an.node, bn.node, an.index));
    }
  }
  for (const an of removedNodes) {
    if (renames.has(an.node.id)) continue;
    const name = nodeName(an);
    push({
      entity: "node",
      op: "remove",
      path: [],
      nodeId: an.node.id,
      ...(name ? { name } : {}),
      before: an.node,
      pointerA: toJsonPointer(["nodes", String(an.index)]),
    });
  }

  // Edges: by mapped source + target + label, then by endpoints alone (a changed label).
  const aEdges = toKeyedEdges(a, mapId);
  const bEdges = toKeyedEdges(b, (id) => id);
  const keyOf = (e: KeyedEdge) => e.key;
  const aByKey = groupBy(aEdges, keyOf);
  const edgePartner = new Map<KeyedEdge, KeyedEdge>(); // b -> a
  for (const [key, bList] of groupBy(bEdges, keyOf)) {
    const aList = aByKey.get(key) ?? [];
    if (aList.length <= 1 || bList.length <= 1) {
      if (aList[0] && bList[0]) edgePartner.set(bList[0], aList[0]);
      continue;
    }
    // Several edges share endpoints and label: pair identical ones first, the rest in order.
    const view = (e: KeyedEdge) => toEdgeView(e.edge, config.includeLayout);
    const aViews = aList.map(view);
    const used = new Set<number>();
    const rest: KeyedEdge[] = [];
    for (const be of bList) {
      const bv = view(be);
      const i = aViews.findIndex((av, k) => !used.has(k) && isJsonEqual(av, bv));
      if (i >= 0) {
        used.add(i);
        edgePartner.set(be, aList[i]!);
      } else rest.push(be);
    }
    const free = aList.filter((_, k) => !used.has(k));
    rest.forEach((be, k) => {
      if (free[k]) edgePartner.set(be, free[k]);
    });
  }
  const matchedEdges = new Set(edgePartner.values());
  const restA = groupBy(
    aEdges.filter((e) => !matchedEdges.has(e)),
    (e) => e.ends,
  );
  for (const be of bEdges) {
    if (edgePartner.has(be)) continue;
    const candidates = restA.get(be.ends);
    const ae = candidates?.shift();
    if (ae) {
      edgePartner.set(be, ae);
      matchedEdges.add(ae);
    }
  }
  const refOf = (e: KeyedEdge): EdgeRef => ({ source: e.source, target: e.target, label: e.label, occurrence: e.occurrence });
  for (const be of bEdges) {
    const ae = edgePartner.get(be);
    if (!ae) {
      push({ entity: "edge", op: "add", path: [], edge: refOf(be), after: be.edge, pointerB: toJsonPointer(["edges", String(be.index)]) });
      continue;
    }
    const before = changes.length;
    compareValues(toEdgeView(ae.edge, config.includeLayout), toEdgeView(be.edge, config.includeLayout), [], (op, path, va, vb) => {
      const change: Omit<PathwayChange, "kind"> = { entity: "edge", op, path: [...path], edge: refOf(ae), before: va, after: vb };
      if (op !== "add") change.pointerA = toJsonPointer(["edges", String(ae.index), ...edgeRawPath(ae.edge, path, config.includeLayout)]);
      if (op !== "remove") change.pointerB = toJsonPointer(["edges", String(be.index), ...edgeRawPath(be.edge, path, config.includeLayout)]);
      push(change);
    });
    if (changes.length > before) {
      const loss = getEdgeLoss(ae.edge, ae.index, false, be.label ?? undefined);
      if (loss) losses.push(loss);
    }
  }
  const bIds = new Set(bNodes.map((n) => n.node.id));
  for (const ae of aEdges) {
    if (matchedEdges.has(ae)) continue;
    // Edges of removed nodes go with them; the node's removal is the change to review.
    if (bIds.has(ae.source) && bIds.has(ae.target)) losses.push(getEdgeLoss(ae.edge, ae.index, true, undefined)!);
    push({ entity: "edge", op: "remove", path: [], edge: refOf(ae), before: ae.edge, pointerA: toJsonPointer(["edges", String(ae.index)]) });
  }

  const summary = toDiffSummary(changes);
  const gone = new Map(aNodes.filter((n) => !bIds.has(n.node.id)).map((n) => [n.node.id, nodeName(n)] as const));
  losses.push(...getDanglingReferences(b, gone));
  return { equal: changes.length === 0, summary, changes, ignoredFields: config.includeLayout ? [] : [...IGNORED_FIELDS], losses };
}
