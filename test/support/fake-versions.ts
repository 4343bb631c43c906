// The fake service's versions, promotion and chat (service-api.md): create, update, read, list, publish, markers, and a chat that runs the version asked for.
import type { ServerResponse } from "node:http";
import type { Pathway } from "../../src/model/index.js";
import {
  createInitialState,
  createKeywordDecider,
  createSimulator,
  getSimNodeName,
  transition,
  type SimState,
  type Simulator,
  type Turn,
} from "../../src/simulate/index.js";

/**
 * Switches for the answers service-api.md lists as uncertain. All off by default (the vendor's reference).
 * `save400`: POST /v1/pathway/{id} answers 400 (a third-party client reports this);
 * `revisions`: versions carry `revision_number`, bumped on each update, and an update whose `revision_number` is
 * missing or stale answers 409; `wrap`: reads of a pathway or version come as `{data: ...}` or `{status, pathway_data}`;
 * `reportStaging`: GET /v1/pathway/{id} also says `staging_version_number` (not documented; off, the service is silent).
 * `refuseVersionSave`: a version save answers 200 with `{status: "error"}`; `createWithoutNumber`: creating a version
 * answers without `data.version_number` (an answer the documentation does not describe).
 */
export interface FakeQuirks {
  save400?: boolean;
  revisions?: boolean;
  wrap?: "data" | "pathway_data";
  reportStaging?: boolean;
  refuseVersionSave?: boolean;
  createWithoutNumber?: boolean;
}

/** What the agent does when it hears a user line: the choice to take and the variables it extracts. */
export type FakeAgentScript = Record<string, Omit<Turn, "user">>;

/** The state the version routes share with the rest of the fake. */
export interface VersionStore {
  pathways: Map<string, unknown>;
  versions: Map<string, unknown[]>;
  /** Which version is in production and staging, per pathway id (set by publish). */
  markers: Map<string, { production?: number; staging?: number }>;
  quirks: FakeQuirks;
  script?: FakeAgentScript;
  /** Every chat started: the pathway and the version it runs (0 is production). */
  chats: Map<string, { pathwayId: string; version: number; state: SimState; sim: Simulator }>;
  toStoredEdges(edges: unknown): unknown[];
  send(res: ServerResponse, status: number, value: unknown): void;
}

/** A read answer, wrapped as the `wrap` switch says. */
export function wrapRead(store: VersionStore, value: unknown): unknown {
  if (store.quirks.wrap === "data") return { data: value };
  if (store.quirks.wrap === "pathway_data") return { status: "success", pathway_data: value };
  return value;
}

/** The live pathway as GET /v1/pathway/{id} answers it: with `production_version_number` once something was published. */
export function withMarkers(store: VersionStore, id: string, value: unknown): unknown {
  const m = store.markers.get(id);
  if (!m || !value || typeof value !== "object") return value;
  return {
    ...(value as object),
    ...(m.production !== undefined && { production_version_number: m.production }),
    ...(store.quirks.reportStaging && m.staging !== undefined && { staging_version_number: m.staging }),
  };
}

/** A request body that is a JSON object, or undefined (the fakes answer anything else as the service does). */
export function parseObjectBody(body: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(body);
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function stored(store: VersionStore, value: Record<string, unknown>, revision?: number): Record<string, unknown> {
  return {
    name: value.name ?? null,
    nodes: value.nodes,
    edges: store.toStoredEdges(value.edges),
    ...(revision !== undefined && { revision_number: revision }),
  };
}

/** Handles POST .../version, POST .../version/{n} and POST .../publish; false when the request is not one of them. */
export function handleVersionWrite(store: VersionStore, method: string, path: string, body: string, res: ServerResponse): boolean {
  const m = /^\/v1\/pathway\/([^/?]+)\/(version|version\/(\d+)|publish)$/.exec(path);
  if (!m || method !== "POST") return false;
  const id = decodeURIComponent(m[1]!);
  if (!store.pathways.has(id)) return (store.send(res, 404, { status: "error", message: "Pathway not found" }), true);
  const input = parseObjectBody(body);
  if (!input) return (store.send(res, 400, { status: "error", message: "Invalid JSON body" }), true);
  const list = store.versions.get(id) ?? [];
  store.versions.set(id, list);
  if (m[2] === "publish") {
    const n = typeof input.version_id === "number" ? input.version_id : Number(input.version_id);
    const environment = input.environment ?? "production";
    if (environment !== "production" && environment !== "staging")
      return (store.send(res, 400, { status: "error", message: `Invalid environment ${String(environment)}` }), true);
    const version = Number.isInteger(n) && n >= 1 ? (list[n - 1] as Record<string, unknown> | undefined) : undefined;
    if (!version) return (store.send(res, 404, { status: "error", message: `Version ${String(input.version_id)} not found` }), true);
    const markers = { ...store.markers.get(id), [environment]: n };
    store.markers.set(id, markers);
    if (environment === "production") {
      const previous = store.pathways.get(id) as Record<string, unknown>;
      store.pathways.set(id, { ...previous, name: version.name ?? previous.name, nodes: version.nodes, edges: version.edges });
    }
    return (store.send(res, 200, { message: "Pathway published successfully" }), true);
  }
  if (store.quirks.refuseVersionSave) return (store.send(res, 200, { status: "error", message: "Version could not be saved: nodes invalid" }), true);
  if (m[3] === undefined) {
    list.push(stored(store, input, store.quirks.revisions ? 1 : undefined));
    const n = list.length;
    const data = {
      id: `ver-${id}-${n}`,
      name: input.name ?? null,
      created_at: new Date(Date.UTC(2024, 0, n)).toISOString(),
      ...(!store.quirks.createWithoutNumber && { version_number: n }),
    };
    return (store.send(res, 200, { status: "success", message: "Version created successfully", data }), true);
  }
  const n = Number(m[3]);
  const current = list[n - 1] as Record<string, unknown> | undefined;
  if (n === 0 || !current) return (store.send(res, 404, { status: "error", message: `Version ${n} not found` }), true);
  let revision: number | undefined;
  if (store.quirks.revisions) {
    if (input.revision_number !== current.revision_number)
      return (store.send(res, 409, { status: "error", message: `Stale revision: version ${n} is at revision ${String(current.revision_number)}` }), true);
    revision = Number(current.revision_number) + 1;
  }
  list[n - 1] = stored(store, input, revision);
  return (store.send(res, 200, { status: "success", message: "Version updated successfully" }), true);
}

/** The content a chat runs: the version asked for, else production (the live pathway). */
function chatPathway(store: VersionStore, id: string, version: unknown): { pathway: Pathway; version: number } | undefined {
  if (version === undefined || version === null || version === 0) {
    const live = store.pathways.get(id) as Pathway | undefined;
    return live && { pathway: live, version: store.markers.get(id)?.production ?? 0 };
  }
  const n = Number(version);
  const value = Number.isInteger(n) && n >= 1 ? (store.versions.get(id)?.[n - 1] as Pathway | undefined) : undefined;
  return value && { pathway: value, version: n };
}

function said(state: SimState, from: number): string[] {
  return state.trace.slice(from).flatMap((e) => (e.type === "say" ? [e.text] : []));
}

/** Handles the chat endpoints (create, message) against the versions; false when the request is not one of them. */
export function handleChat(store: VersionStore, method: string, path: string, body: string, res: ServerResponse): boolean {
  if (method !== "POST" || !path.startsWith("/v1/pathway/chat/")) return false;
  const input = parseObjectBody(body);
  if (!input) return (store.send(res, 400, { data: null, errors: ["Invalid JSON"] }), true);
  if (path === "/v1/pathway/chat/create") {
    const pathwayId = String(input.pathway_id);
    const found = chatPathway(store, pathwayId, input.pathway_version);
    if (!found)
      return (store.send(res, 404, { data: null, errors: [`Pathway ${pathwayId} version ${String(input.pathway_version ?? "production")} not found`] }), true);
    const sim = createSimulator(found.pathway, { decider: createKeywordDecider() });
    const state = createInitialState(sim, { variables: (input.request_data as Record<string, unknown>) ?? {} });
    const chatId = `chat-${store.chats.size + 1}`;
    store.chats.set(chatId, { pathwayId, version: found.version, state, sim });
    return (store.send(res, 200, { data: { chat_id: chatId, message: said(state, 0).join(" "), variables: state.variables }, errors: null }), true);
  }
  const chatId = decodeURIComponent(path.slice("/v1/pathway/chat/".length));
  const chat = store.chats.get(chatId);
  if (!chat) return (store.send(res, 404, { data: null, errors: ["Chat not found"] }), true);
  const message = String(input.message ?? "");
  const { sim } = chat;
  const from = chat.state.trace.length;
  chat.state = transition(sim, chat.state, { user: message, ...store.script?.[message] });
  const node = chat.state.nodeId === undefined ? undefined : sim.nodes.get(chat.state.nodeId);
  const data = {
    chat_id: chatId,
    assistant_responses: said(chat.state, from),
    current_node_id: chat.state.nodeId ?? null,
    current_node_name: getSimNodeName(node) ?? null,
    chat_history: [],
    pathway_id: chat.pathwayId,
    pathway_version: chat.version,
    variables: chat.state.variables,
    completed: chat.state.status !== "active",
  };
  return (store.send(res, 200, { data, errors: null }), true);
}
