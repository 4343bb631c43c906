// A real node:http server that plays the calling service's pathway endpoints on 127.0.0.1, with faults on demand.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createAgentTestingStore, handleAgentTesting, type AgentTestingOptions, type AgentTestingStore } from "./fake-agent-testing.js";
import { handleCalls, type CallQuirks } from "./fake-calls.js";
import { handleUsage, type UsageStore } from "./fake-usage.js";
import { handleChat, handleVersionWrite, withMarkers, wrapRead, type FakeAgentScript, type FakeQuirks, type VersionStore } from "./fake-versions.js";

export type { FakeQuirks };

/** One scripted misbehaviour, used by the next matching request. */
export type Fault =
  | { type: "delay"; ms: number }
  | { type: "status"; status: number; retryAfter?: string; body?: string }
  | { type: "drop-mid-body" }
  | { type: "reset" }
  | { type: "invalid-json" }
  | { type: "body"; body: string; status?: number; headers?: Record<string, string> }
  | { type: "endless" }
  | { type: "raw"; status?: number; headers: Record<string, string>; body: Buffer };

/** In a `body` fault's body and headers, replaced by the authorization header the request carried (a service echoing the key). */
export const ECHO_KEY = "{{authorization}}";

/** A request as the server saw it. */
export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
  /** The `encrypted_key` header, when the request carried one. */
  encryptedKey?: string;
}

/** Options of `startFakeService`. */
export interface FakeServiceOptions {
  apiKey?: string;
  pathways?: Record<string, unknown>;
  /** Ids the key may not read or write (403). */
  forbidden?: string[];
  /** Saved versions by pathway id, oldest first: version n is item n-1 (version 0 is the live pathway). */
  versions?: Record<string, unknown[]>;
  /** Answers the documentation lists as uncertain (see FakeQuirks); tests may change them on `quirks` later. */
  quirks?: FakeQuirks;
  /** What the chat's agent does per user line (else it decides by keywords). */
  script?: FakeAgentScript;
  /** Call records GET /v1/calls/{id} and the list answer, and the list's undocumented details. */
  calls?: Record<string, unknown>[];
  /** v2 event traces by call id, answered by GET /v1/pathway_calls/{id}?v=2. */
  callEvents?: Record<string, unknown[]>;
  callQuirks?: CallQuirks;
  /** Inbound number configurations (detail form) by number; none by default (GET /v1/inbound lists none). */
  numbers?: Record<string, Record<string, unknown>>;
  /** Campaigns (POST /v1/campaigns/{id}) by id. */
  campaigns?: Record<string, Record<string, unknown>>;
  /** Numbers listed whose configuration read answers this status every time. */
  failingNumbers?: Record<string, number>;
  /** How Agent Testing answers (documented shapes by default). */
  agentTesting?: AgentTestingOptions;
  /** Agent-testing scenarios on the service from the start (made in the web page): each with `id`, `name`, `pathway_id`. */
  serverScenarios?: Record<string, unknown>[];
}

/** The running fake service. */
export interface FakeService {
  /** Base URL, e.g. http://127.0.0.1:43121 */
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  pathways: Map<string, unknown>;
  /** Saved versions by pathway id, oldest first (version n is item n-1); tests may add more. */
  versions: Map<string, unknown[]>;
  /** Which version each pathway has in production and staging (publish sets them). */
  markers: VersionStore["markers"];
  /** The uncertain answers in force; change them between requests. */
  quirks: FakeQuirks;
  /** The chats started, with the version each runs. */
  chats: VersionStore["chats"];
  /** Most requests handled at the same time so far. */
  readonly maxInFlight: number;
  /** The inbound numbers and campaigns it holds; tests may change them between requests. */
  usage: UsageStore;
  /** Agent Testing's scenarios, runs, batches and simulation sets, and the options in force (change them between requests). */
  agentTesting: AgentTestingStore;
  /** Queues a fault for the next request (matching `method` and `path` when given). */
  addFault(fault: Fault, method?: "GET" | "POST" | "PUT", path?: RegExp): void;
  /** Requests whose method and path match (the path without the query). */
  requestsTo(method: string, path: RegExp): RecordedRequest[];
  /** Called with each request as it arrives, before it is answered (a test's stand-in for someone else acting meanwhile). */
  onRequest?: (request: RecordedRequest) => void;
  close(): Promise<void>;
}

/** The request body as text. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Answers with `value` as JSON. */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

/** What the service stores on save: it reads each edge's top-level label (an edge without one loses its label). */
export function toStoredEdges(edges: unknown): unknown[] {
  if (!Array.isArray(edges)) return [];
  return edges.map((edge) => {
    if (!edge || typeof edge !== "object") return edge;
    const e = edge as Record<string, unknown>;
    const data = { ...((e.data as Record<string, unknown> | undefined) ?? {}) };
    delete data.label;
    const stored: Record<string, unknown> = { ...e, data };
    delete stored.label;
    if (typeof e.label === "string") {
      stored.label = e.label;
      data.label = e.label;
    }
    return stored;
  });
}

/** Starts the fake service on a free loopback port. */
export async function startFakeService(options: FakeServiceOptions = {}): Promise<FakeService> {
  const apiKey = options.apiKey ?? "test-key-0123456789";
  const pathways = new Map<string, unknown>(Object.entries(options.pathways ?? {}));
  const forbidden = new Set(options.forbidden ?? []);
  const versions = new Map<string, unknown[]>(Object.entries(options.versions ?? {}));
  const requests: RecordedRequest[] = [];
  const faults: { fault: Fault; method?: string; path?: RegExp }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const callStore = { calls: options.calls ?? [], events: options.callEvents ?? {}, quirks: { ...options.callQuirks }, send: sendJson };
  const usage: UsageStore = {
    numbers: new Map(Object.entries(options.numbers ?? {})),
    campaigns: new Map(Object.entries(options.campaigns ?? {})),
    failing: new Map(Object.entries(options.failingNumbers ?? {})),
    extraListEntries: [],
    send: sendJson,
  };
  const agentTesting = createAgentTestingStore({ ...options.agentTesting }, options.serverScenarios ?? [], sendJson);
  const store: VersionStore = {
    pathways,
    versions,
    markers: new Map(),
    quirks: { ...options.quirks },
    script: options.script,
    chats: new Map(),
    toStoredEdges,
    send: sendJson,
  };

  const server = createServer(async (req, res) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on("close", () => inFlight--);
    const body = await readBody(req);
    const method = req.method ?? "GET";
    const path = req.url ?? "/";
    const authorization = typeof req.headers.authorization === "string" ? req.headers.authorization : undefined;
    const encryptedKey = typeof req.headers.encrypted_key === "string" ? req.headers.encrypted_key : undefined;
    requests.push({ method, path, authorization, body, ...(encryptedKey !== undefined && { encryptedKey }) });
    service.onRequest?.(requests[requests.length - 1]!);
    const faultIndex = faults.findIndex((f) => (f.method === undefined || f.method === method) && (f.path === undefined || f.path.test(path)));
    const fault = faultIndex >= 0 ? faults.splice(faultIndex, 1)[0]!.fault : undefined;
    if (fault?.type === "delay") await new Promise((r) => setTimeout(r, fault.ms));
    if (res.destroyed || req.socket.destroyed) return;
    if (fault?.type === "reset") {
      req.socket.destroy();
      return;
    }
    if (fault?.type === "status") {
      const text = fault.body ?? JSON.stringify({ status: "error", message: `fault ${fault.status}` });
      res.writeHead(fault.status, { "content-type": "application/json", ...(fault.retryAfter !== undefined ? { "retry-after": fault.retryAfter } : {}) });
      res.end(text);
      return;
    }
    if (fault?.type === "invalid-json") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body>Bad gateway</body></html>");
      return;
    }
    if (fault?.type === "body") {
      const echo = (text: string) => text.split(ECHO_KEY).join(authorization ?? "");
      const headers = Object.fromEntries(Object.entries(fault.headers ?? {}).map(([k, v]) => [k, echo(v)]));
      res.writeHead(fault.status ?? 200, { "content-type": "application/json", ...headers });
      res.end(echo(fault.body));
      return;
    }
    if (fault?.type === "raw") {
      res.writeHead(fault.status ?? 200, fault.headers);
      res.end(fault.body);
      return;
    }
    if (fault?.type === "endless") {
      // Chunked, never ending: 64 KiB at a time until the client hangs up.
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once("drain", pump);
      };
      res.write("[");
      pump();
      return;
    }
    if (authorization !== apiKey) return sendJson(res, 401, { status: "error", message: "Invalid API key" });
    if (handleCalls(callStore, method, path, res)) return;
    if (handleUsage(usage, method, path, res)) return;
    if (handleAgentTesting(agentTesting, method, path, body, res)) return;
    if (handleChat(store, method, path, body, res)) return;
    const writes = /^\/v1\/pathway\/([^/?]+)\//.exec(path);
    if (writes && forbidden.has(decodeURIComponent(writes[1]!))) return sendJson(res, 403, { status: "error", message: "Forbidden" });
    if (handleVersionWrite(store, method, path, body, res)) return;

    const versioned = /^\/v1\/pathway\/([^/?]+)\/(?:versions|version\/(\d+))$/.exec(path);
    if (versioned && method === "GET") {
      const vid = decodeURIComponent(versioned[1]!);
      if (forbidden.has(vid)) return sendJson(res, 403, { status: "error", message: "Forbidden" });
      const list = versions.get(vid);
      if (!list || !pathways.has(vid)) return sendJson(res, 404, { status: "error", message: "Pathway not found" });
      if (versioned[2] === undefined) {
        // Newest first, as the service lists them.
        const items = list.map((v, i) => ({
          id: `ver-${vid}-${i + 1}`,
          version_number: i + 1,
          created_at: new Date(Date.UTC(2024, 0, i + 1)).toISOString(),
          name: (v as { name?: unknown }).name ?? null,
          is_latest: i === list.length - 1,
        }));
        return sendJson(res, 200, items.reverse());
      }
      const n = Number(versioned[2]);
      const value = n === 0 ? pathways.get(vid) : list[n - 1];
      if (value === undefined) return sendJson(res, 404, { status: "error", message: `Version ${n} not found` });
      return sendJson(res, 200, wrapRead(store, { ...(value as Record<string, unknown>), version_number: n, is_latest: n === list.length }));
    }
    const read = /^\/v1\/(?:convo_pathway|pathway)\/([^/?]+)$/.exec(path);
    const id = read ? decodeURIComponent(read[1]!) : undefined;
    if (!id) return sendJson(res, 404, { status: "error", message: "Not found" });
    if (forbidden.has(id)) return sendJson(res, 403, { status: "error", message: "Forbidden" });
    if (method === "GET") {
      if (!pathways.has(id)) return sendJson(res, 404, { status: "error", message: "Pathway not found" });
      const text = JSON.stringify(pathways.get(id));
      if (fault?.type === "drop-mid-body") {
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
        res.write(text.slice(0, Math.floor(text.length / 2)));
        setTimeout(() => req.socket.destroy(), 20);
        return;
      }
      return sendJson(res, 200, wrapRead(store, withMarkers(store, id, pathways.get(id))));
    }
    if (method === "POST" && path.startsWith("/v1/pathway/")) {
      if (!pathways.has(id)) return sendJson(res, 404, { status: "error", message: "Pathway not found" });
      if (store.quirks.save400) return sendJson(res, 400, { status: "error", message: "Bad request: use the versioned router" });
      let value: Record<string, unknown>;
      try {
        value = JSON.parse(body) as Record<string, unknown>;
      } catch {
        return sendJson(res, 400, { status: "error", message: "Invalid JSON body" });
      }
      const previous = pathways.get(id) as Record<string, unknown>;
      pathways.set(id, { ...previous, name: value.name, description: value.description, nodes: value.nodes, edges: toStoredEdges(value.edges) });
      return sendJson(res, 200, { status: "success", message: "Pathway updated" });
    }
    return sendJson(res, 405, { status: "error", message: "Method not allowed" });
  });
  const { url, close } = await listenOnLoopback(server);
  const service: FakeService = {
    url,
    apiKey,
    requests,
    pathways,
    versions,
    markers: store.markers,
    quirks: store.quirks,
    chats: store.chats,
    usage,
    agentTesting,
    requestsTo: (method, pattern) => requests.filter((r) => r.method === method && pattern.test(r.path.split("?")[0]!)),
    get maxInFlight() {
      return maxInFlight;
    },
    addFault: (fault, method, path) => faults.push({ fault, method, path }),
    close,
  };
  return service;
}

/** Starts `server` on a free port of 127.0.0.1: its base URL, and a close that also drops open connections. */
export async function listenOnLoopback(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
