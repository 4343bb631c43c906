// bland-cli 0.6.1 itself as the oracle: on every corpus pathway pathwaykit's conversion agrees with its apiToFile and fileToApi (ids aside, which it makes anew on every push), and the losses listed are what its round trip really loses.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { apiToFile, fileToApi, findPathwayFile, readPathwayFile } from "bland-cli/dist/lib/pathway-file.js";
import { describe, expect, it } from "vitest";
import { fromBlandCliFile } from "../../../src/interop/bland-cli/from-file.js";
import { isMeaningful } from "../../../src/interop/bland-cli/losses.js";
import { readBlandCliFile } from "../../../src/interop/bland-cli/read-file.js";
import { toBlandCliFile } from "../../../src/interop/bland-cli/to-file.js";
import { ROOT } from "../../support/cli.js";
import { CORPUS_DIR, hasCorpus } from "../../support/corpus-dir.js";

type Json = Record<string, any>;
const BLAND_DIR = path.resolve(CORPUS_DIR, "../bland-cli");

/** Every corpus pathway JSON: the real files and the project's own examples (pathways/*.json). */
const corpus = [
  ...(hasCorpus
    ? readdirSync(CORPUS_DIR)
        .filter((f) => f.endsWith(".json"))
        .map((f) => ({ name: f, file: path.join(CORPUS_DIR, f) }))
    : []),
  ...readdirSync(path.join(ROOT, "pathways"))
    .filter((f) => f.endsWith(".json"))
    .map((f) => ({ name: `pathways/${f}`, file: path.join(ROOT, "pathways", f) })),
].sort((a, b) => (a.name < b.name ? -1 : 1));

/** What bland-cli reads of a file: JSON.parse of its UTF-8 text, as its `readFileSync(..., "utf-8")` does; undefined when that throws. */
function readAsBland(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** Files bland-cli cannot read at all (JSON.parse throws), so there is nothing to compare; each is listed with why. */
const UNREADABLE: Record<string, string> = {
  "docs-get-pathway-example.MALFORMED.json": "trailing commas: not JSON",
  "docs-update-pathway-example.MALFORMED.json": "trailing commas: not JSON",
  "restaurant-control-chars.MALFORMED.json": "raw control characters inside strings: not JSON",
};

/**
 * bland-cli's API body with its random ids replaced by what pathwaykit uses (the node's name), so the two can be
 * compared: the only difference bland-cli documents as regenerated (a fresh `crypto.randomUUID()` per node per call).
 */
function withNameIds(api: Json): Json {
  const names = new Map<string, string>();
  for (const n of api.nodes) if (n.id) names.set(n.id, n.data.name);
  const rename = (id: string) => names.get(id) ?? id;
  return {
    ...api,
    nodes: api.nodes.map((n: Json) => (n.id ? { ...n, id: rename(n.id) } : n)),
    edges: api.edges.map((e: Json) => ({
      ...e,
      id: e.id.replace(/^reactflow__edge-([0-9a-f-]{36})-/, (_: string, id: string) => `reactflow__edge-${rename(id)}-`),
      source: rename(e.source),
      target: rename(e.target),
    })),
  };
}

/** JSON text: equal values with keys in the same order, as bland-cli would write them. */
const text = (value: unknown) => JSON.stringify(value);

/** JSON text with every mapping's keys sorted: equal values whatever order the keys were written in. */
const sorted = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );

describe.skipIf(corpus.length === 0)("pathwaykit's conversion agrees with bland-cli 0.6.1 on every corpus pathway", () => {
  for (const { name, file } of corpus) {
    const value = readAsBland(file) as Json | undefined;
    if (value === undefined) {
      it(`${name}: bland-cli cannot read it either (${UNREADABLE[name] ?? "?"})`, () => {
        expect(UNREADABLE[name], "a file bland-cli cannot read says why").toBeDefined();
      });
      continue;
    }
    it(`${name}: toBlandCliFile writes what apiToFile writes, key for key`, () => {
      expect(text(toBlandCliFile(value).file)).toBe(text(apiToFile(value as never)));
    });
    it(`${name}: fromBlandCliFile of that file is what fileToApi sends, ids aside`, () => {
      const file = apiToFile(value as never);
      expect(text(fromBlandCliFile(file as Json).pathway)).toBe(text(withNameIds(fileToApi(file) as Json)));
    });
    it(`${name}: the losses listed are exactly what apiToFile then fileToApi lose`, () => {
      const listed = new Set(
        toBlandCliFile(value)
          .losses.filter((l) => l.messageId !== "idsRegenerated")
          .map((l) => l.pointer.replace(/^(\/nodes\/\d+\/data\/extractVars)\/\d+$/, "$1")),
      );
      expect([...listed].sort()).toEqual(getRealLosses(value, fileToApi(apiToFile(value as never)) as Json).sort());
    });
  }
});

/** Keys that hold editor state, not behaviour (the dashboard's highlight): their loss changes no call, so no loss is counted. */
const EDITOR_STATE = new Set(["isHighlighted"]);

/** A value as it means something: absent-like values are nothing; variables as [name, type ("string" if none), description ("" if none), ...rest]. */
function normal(key: string, value: unknown): unknown {
  if (key === "enableGlobalAutoReturn") return value === false ? "false" : value === true ? true : undefined;
  if (!isMeaningful(value)) return undefined;
  if (key === "extractVars" && Array.isArray(value)) {
    return value.map((v) => {
      if (Array.isArray(v)) return [v[0], v[1] || "string", v[2] || "", ...v.slice(3).filter(isMeaningful)];
      const { name, type, description, ...rest } = v ?? {};
      return [name, type || "string", description || "", ...(Object.keys(rest).length > 0 ? [rest] : [])];
    });
  }
  if (key === "tag" && value && typeof value === "object" && (value as Json).name) return { ...(value as Json), color: (value as Json).color || "#888888" };
  if (key === "isGlobal") return true;
  return value;
}

/**
 * What the round trip really lost, by pointer into the original, found by comparing the original with bland-cli's own
 * output alone: a node whose name a later node took (the later one holds the name afterwards, as bland-cli's mapping
 * keeps the last write), a node it skipped, a changed type, a `data` value that means something and came back
 * different or not at all, a moved start, an edge that is gone or leads elsewhere, an edge label or description or
 * data key that did not come back, and the global config's lost parts.
 */
function getRealLosses(original: Json, back: Json): string[] {
  const lost: string[] = [];
  const byName = new Map<string, Json>();
  for (const n of back.nodes) if (n.data) byName.set(n.data.name, n);
  const nodes: unknown[] = Array.isArray(original.nodes) ? original.nodes : [];
  /** original id -> the node that came back in its place (only for the node that holds its name afterwards). */
  const cameBack = new Map<unknown, Json>();
  const lastOfName = new Map<string, number>();
  nodes.forEach((n: any, i) => {
    if (n?.data && (n.data.name || n.id)) lastOfName.set(n.data.name || n.id, i);
  });
  let globalPrompts = 0;
  nodes.forEach((n: any, i) => {
    if (n && typeof n === "object" && "globalConfig" in n && !("data" in n)) {
      for (const [k, v] of Object.entries(n.globalConfig ?? {})) if (k !== "globalPrompt" && isMeaningful(v)) lost.push(`/nodes/${i}/globalConfig/${k}`);
      if (n.globalConfig?.globalPrompt) globalPrompts++;
      return;
    }
    if (!n?.data || (!n.data.name && !n.id)) {
      if (typeof n?.id === "string") lost.push(`/nodes/${i}`);
      return;
    }
    const key = n.data.name || n.id;
    if (lastOfName.get(key) !== i) {
      lost.push(`/nodes/${i}`);
      return;
    }
    const twin = byName.get(key)!;
    cameBack.set(n.id, twin);
    if (n.type !== undefined && n.type !== twin.type) lost.push(`/nodes/${i}/type`);
    for (const [k, v] of Object.entries(n.data)) {
      if (k === "name" || k === "isStart" || EDITOR_STATE.has(k)) continue;
      if (sorted(normal(k, v)) !== sorted(normal(k, twin.data[k]))) lost.push(`/nodes/${i}/data/${k}`);
    }
  });
  // Several global prompts: one comes back; the others are lost.
  const prompts = nodes.flatMap((n: any, i) => (n && "globalConfig" in n && !("data" in n) && n.globalConfig?.globalPrompt ? [i] : []));
  const keptPrompt = back.nodes.find((n: Json) => n.globalConfig)?.globalConfig.globalPrompt;
  for (const i of prompts)
    if ((nodes[i] as Json).globalConfig.globalPrompt !== keptPrompt || i !== prompts.at(-1)) lost.push(`/nodes/${i}/globalConfig/globalPrompt`);
  expect(globalPrompts).toBe(prompts.length);
  const start = nodes.findIndex((n: any) => n?.data?.isStart === true);
  const startBack = back.nodes.find((n: Json) => n.data?.isStart);
  if (start >= 0 && cameBack.get((nodes[start] as Json).id) !== startBack) lost.push(`/nodes/${start}/data/isStart`);
  loseEdges(original, back, cameBack, lost);
  return lost;
}

/** The edges' part of `getRealLosses`: each original edge matched, in order, to one that came back between the same two nodes. */
function loseEdges(original: Json, back: Json, cameBack: ReadonlyMap<unknown, Json>, lost: string[]): void {
  const unused = [...back.edges];
  const idOf = new Map<unknown, Json>(back.nodes.filter((n: Json) => n.id).map((n: Json) => [n.id, n]));
  (Array.isArray(original.edges) ? original.edges : []).forEach((e: any, k: number) => {
    if (!e || typeof e !== "object") return;
    const from = cameBack.get(e.source);
    if (!from) {
      lost.push(`/edges/${k}`);
      return;
    }
    const to = cameBack.get(e.target);
    const at = unused.findIndex((b) => idOf.get(b.source) === from && (to === undefined || idOf.get(b.target) === to));
    const match = at >= 0 ? unused.splice(at, 1)[0] : undefined;
    // No edge between the two came back (its target is no node), or it came back to another node of that name.
    if (!match || to === undefined) {
      lost.push(`/edges/${k}/target`);
      if (!match) return;
    }
    for (const key of ["label", "description"]) {
      const said = typeof e[key] === "string" ? e[key] : e.data?.[key];
      if (isMeaningful(said) && match[key] !== said) lost.push(`/edges/${k}/${key}`);
    }
    for (const [key, v] of Object.entries(e.data ?? {}))
      if (key !== "label" && key !== "description" && !EDITOR_STATE.has(key) && isMeaningful(v)) lost.push(`/edges/${k}/data/${key}`);
  });
}

/** The bland-cli project folders of the corpus (made with bland-cli 0.6.1 itself). */
const projects = hasCorpus
  ? readdirSync(BLAND_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort()
  : [];

describe.skipIf(projects.length === 0)("pathwaykit reads every corpus bland-cli project as bland-cli 0.6.1 pushes it", () => {
  for (const project of projects) {
    const dir = path.join(BLAND_DIR, project);
    it(`${project}/: readBlandCliFile gives the body fileToApi sends, ids aside`, () => {
      const file = findPathwayFile(dir)!;
      const doc = readBlandCliFile(readFileSync(file, "utf8"), "yaml");
      expect(doc.diagnostics).toEqual([]);
      expect(text(doc.value)).toBe(text(withNameIds(fileToApi(readPathwayFile(file)) as Json)));
    });
    it(`${project}/: the keys listed as never sent are exactly those whose value changes nothing fileToApi sends`, () => {
      const file = readPathwayFile(findPathwayFile(dir)!) as Json;
      const doc = readBlandCliFile(readFileSync(findPathwayFile(dir)!, "utf8"), "yaml");
      const listed = doc.losses.map((l) => fromBlandCliFile(file).toFilePointer(l.pointer)).sort();
      expect(listed).toEqual(getKeysNotSent(file).sort());
    });
  }

  it("project/: matches the fileToApi output kept in the corpus (filetoapi-output.txt), ids aside", () => {
    const kept = readFileSync(path.join(BLAND_DIR, "filetoapi-output.txt"), "utf8");
    const body = JSON.parse(kept.slice(kept.indexOf("{"), kept.indexOf("=== apiToFile")));
    expect(text(readBlandCliFile(readFileSync(path.join(BLAND_DIR, "project/bland-pathway.yaml"), "utf8"), "yaml").value)).toBe(text(withNameIds(body)));
  });
});

/** Every key path of a value, as pointers (leaves and mappings alike). */
function keyPaths(value: unknown, at = ""): string[] {
  if (!value || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([k, v]) => {
    const p = `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    return [p, ...keyPaths(v, p)];
  });
}

/** The value with the one at `pointer` changed to another of its kind (a string, a flag, a number) or, for a list or mapping, removed. */
function perturb(value: Json, pointer: string): Json {
  const copy = structuredClone(value);
  const keys = pointer
    .slice(1)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
  let parent: any = copy;
  for (const k of keys.slice(0, -1)) parent = parent[k];
  const last = keys.at(-1)!;
  const v = parent[last];
  if (typeof v === "string") parent[last] = `${v}~`;
  else if (typeof v === "boolean") parent[last] = !v;
  else if (typeof v === "number") parent[last] = v + 1;
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return copy;
}

/**
 * The keys of a bland-cli file its push never sends, by bland-cli alone: changing the key's value changes nothing in
 * what fileToApi sends (ids aside). A node's name is its key, so renaming is not tried; a `false` that push can only
 * leave out (it writes the key when true) counts as not sent.
 */
function getKeysNotSent(file: Json): string[] {
  const sent = text(withNameIds(fileToApi(file as never) as Json));
  return keyPaths(file).filter((p) => {
    const v = p
      .split("/")
      .slice(1)
      .reduce((o: any, k) => o?.[k.replace(/~1/g, "/").replace(/~0/g, "~")], file);
    if (v !== null && typeof v === "object") return false;
    return text(withNameIds(fileToApi(perturb(file, p) as never) as Json)) === sent;
  });
}
