// A real node:http server on 127.0.0.1 playing GitHub's issue-comment API (list, create, update), for the Action's pull-request comment.
import { createServer } from "node:http";
import { listenOnLoopback, readBody, sendJson } from "./fake-service.js";

/** A comment as the fake stores it. */
export interface FakeComment {
  id: number;
  body: string;
}

/** The running fake GitHub API. */
export interface FakeGitHub {
  /** GITHUB_API_URL for the Action. */
  url: string;
  /** Comments by pull-request number. */
  comments: Map<number, FakeComment[]>;
  requests: { method: string; path: string; authorization?: string; body: string }[];
  /** Answer every write with this status (403: a fork's read-only token). */
  refuseWrites?: number;
  close(): Promise<void>;
}

/** Starts the fake on a free loopback port; `token` is the only one it accepts. */
export async function startFakeGitHub(token: string): Promise<FakeGitHub> {
  const comments = new Map<number, FakeComment[]>();
  const requests: FakeGitHub["requests"] = [];
  let next = 1000;
  const fake: FakeGitHub = { url: "", comments, requests, close: async () => {} };
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const method = req.method ?? "GET";
    const url = new URL(req.url ?? "/", "http://localhost");
    const authorization = typeof req.headers.authorization === "string" ? req.headers.authorization : undefined;
    requests.push({ method, path: url.pathname + url.search, ...(authorization !== undefined && { authorization }), body });
    if (authorization !== `Bearer ${token}`) return sendJson(res, 401, { message: "Bad credentials" });
    if (method !== "GET" && fake.refuseWrites) return sendJson(res, fake.refuseWrites, { message: "Resource not accessible by integration" });
    const list = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(url.pathname);
    if (list) {
      const items = comments.get(Number(list[1])) ?? [];
      comments.set(Number(list[1]), items);
      if (method === "GET") {
        const page = Number(url.searchParams.get("page") ?? "1");
        const per = Number(url.searchParams.get("per_page") ?? "30");
        return sendJson(res, 200, items.slice((page - 1) * per, page * per));
      }
      if (method === "POST") {
        const created = { id: next++, body: (JSON.parse(body) as { body: string }).body };
        items.push(created);
        return sendJson(res, 201, created);
      }
    }
    const one = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(url.pathname);
    if (one && method === "PATCH") {
      const found = [...comments.values()].flat().find((c) => c.id === Number(one[1]));
      if (!found) return sendJson(res, 404, { message: "Not Found" });
      found.body = (JSON.parse(body) as { body: string }).body;
      return sendJson(res, 200, found);
    }
    return sendJson(res, 404, { message: "Not Found" });
  });
  const { url, close } = await listenOnLoopback(server);
  fake.url = url;
  fake.close = close;
  return fake;
}
