// The release endpoints (create and update a version, promote one) and the checks of their answers, wrapped or not.
import { isObject } from "../model/pathway.js";
import type { RemoteError, RemoteErrorKind } from "./errors.js";
import { toPushBody } from "./shape.js";
import { toVersionNumber } from "./versions.js";

/** Where a version can be promoted (POST /v1/pathway/{id}/publish). */
export const ENVIRONMENTS = ["production", "staging"] as const;

/** `production` or `staging`. */
export type Environment = (typeof ENVIRONMENTS)[number];

/** A version created or updated. */
export interface VersionSaveResult {
  id: string;
  version: number;
  url: string;
  status: number;
  /** The service's answer, parsed. */
  response: unknown;
  /** Edge labels copied from data.label to the top level. */
  liftedLabels: number;
}

/** A promotion the service accepted. */
export interface PublishResult {
  id: string;
  version: number;
  environment: Environment;
  url: string;
  status: number;
  response: unknown;
}

/** The release endpoints of the client. */
export interface ReleaseApi {
  /** Uploads a pathway as a new version (POST /v1/pathway/{id}/version); production is not touched. Throws RemoteError. */
  createVersion(id: string, pathway: Record<string, unknown>, options?: { name?: string }): Promise<VersionSaveResult>;
  /** Replaces version `n` in place (POST /v1/pathway/{id}/version/{n}); `revisionNumber` is sent when the service gave one. Throws RemoteError ("conflict" on a 409). */
  updateVersion(
    id: string,
    version: number,
    pathway: Record<string, unknown>,
    options?: { name?: string; revisionNumber?: number },
  ): Promise<VersionSaveResult>;
  /** Promotes version `n` (POST /v1/pathway/{id}/publish). Throws RemoteError. */
  publishVersion(id: string, version: number, environment: Environment): Promise<PublishResult>;
}

/** An answer as the client's request gives it. */
export interface RawAnswer {
  status: number;
  text: string;
  attempts: number;
  url: string;
}

/** What the release methods borrow from the client: its request (retries, timeouts, redaction) and error builders. */
export interface ClientTools {
  request(method: "GET" | "POST", path: string, body: string | undefined, what: string): Promise<RawAnswer>;
  parse(answer: RawAnswer, what: string): unknown;
  fail(kind: RemoteErrorKind, message: string, details?: RemoteError["details"]): RemoteError;
  /** The service's message when a 2xx answer is a refusal (`status: "error"`...), else undefined. */
  refusal(response: unknown): string | undefined;
  /** Redacts, flattens and cuts a text from the service for a message. */
  quote(text: string): string;
  /** `id` as one URL path segment, or a RemoteError("invalid-id") for `.`, `..` and empty (the client's one check). */
  segment(id: string, what: string): string;
}

/** The payload of an answer wrapped as `{data: ...}` or `{status, pathway_data: ...}`, else the answer itself. */
export function unwrapAnswer(body: unknown): unknown {
  if (!isObject(body)) return body;
  if (isObject(body.data)) return body.data;
  if (isObject(body.pathway_data)) return body.pathway_data;
  return body;
}

/** The release methods over the client's tools. */
export function createReleaseMethods(tools: ClientTools): ReleaseApi {
  /** A save the service answered but refused (a `status: "error"` body with a 2xx code) is never a success. */
  const checkSaved = (answer: RawAnswer, what: string, where: string): unknown => {
    let response: unknown = answer.text;
    try {
      response = JSON.parse(answer.text);
    } catch {
      // A non-JSON success body is kept as text.
    }
    const refused = tools.refusal(response);
    if (refused !== undefined) {
      throw tools.fail(
        "rejected",
        `${what}: ${where} answered ${answer.status} but refused the save${refused ? `: ${tools.quote(refused)}` : ""}. Nothing was saved.`,
        { url: answer.url, status: answer.status, attempts: answer.attempts },
      );
    }
    return response;
  };
  const versionBody = (pathway: Record<string, unknown>, name: string | undefined, extra: Record<string, unknown> = {}) => {
    const { body, liftedLabels } = toPushBody(pathway);
    return { text: JSON.stringify({ name: name ?? body.name, nodes: body.nodes, edges: body.edges, ...extra }), liftedLabels };
  };
  return {
    async createVersion(id, pathway, options = {}) {
      const what = `creating a version of pathway ${id}`;
      const { text, liftedLabels } = versionBody(pathway, options.name);
      const answer = await tools.request("POST", `v1/pathway/${tools.segment(id, what)}/version`, text, what);
      const response = checkSaved(answer, what, `POST ${answer.url}`);
      const payload = unwrapAnswer(response);
      const version = isObject(payload) ? toVersionNumber(payload.version_number) : undefined;
      if (version === undefined || version === 0) {
        throw tools.fail(
          "shape",
          `${what}: POST ${answer.url} answered ${answer.status} without a version number (documented: {status, message, data: {id, name, version_number, created_at}}); the service said: ${tools.quote(answer.text) || "(nothing)"}. A version may have been created: see \`pathway versions ${id}\`, then push to it with --new-version or delete it in the editor.`,
          { url: answer.url, status: answer.status, attempts: answer.attempts },
        );
      }
      return { id, version, url: answer.url, status: answer.status, response, liftedLabels };
    },
    async updateVersion(id, version, pathway, options = {}) {
      const what = `updating version ${version} of pathway ${id}`;
      const { text, liftedLabels } = versionBody(
        pathway,
        options.name,
        options.revisionNumber === undefined ? {} : { revision_number: options.revisionNumber },
      );
      const answer = await tools.request("POST", `v1/pathway/${tools.segment(id, what)}/version/${version}`, text, what);
      const response = checkSaved(answer, what, `POST ${answer.url}`);
      return { id, version, url: answer.url, status: answer.status, response, liftedLabels };
    },
    async publishVersion(id, version, environment) {
      const what = `promoting version ${version} of pathway ${id} to ${environment}`;
      const answer = await tools.request("POST", `v1/pathway/${tools.segment(id, what)}/publish`, JSON.stringify({ version_id: version, environment }), what);
      const response = checkSaved(answer, what, `POST ${answer.url}`);
      return { id, version, environment, url: answer.url, status: answer.status, response };
    },
  };
}

/** Which versions the service says are in production and staging; undefined where it does not say. */
export interface ReleaseMarkers {
  production?: number;
  staging?: number;
}

/**
 * The markers in a pathway read from GET /v1/pathway/{id}: `production_version_number` (in real exports) and
 * `staging_version_number` (not documented; read when present). Absent or not a number: undefined, never a guess.
 */
export function toReleaseMarkers(pathway: Record<string, unknown>): ReleaseMarkers {
  const production = toVersionNumber(pathway.production_version_number);
  const staging = toVersionNumber(pathway.staging_version_number);
  return { ...(production !== undefined && { production }), ...(staging !== undefined && { staging }) };
}

/** The `revision_number` a version read carries (one client sees it; not in the vendor's reference), else undefined. */
export function toRevisionNumber(pathway: Record<string, unknown>): number | undefined {
  return toVersionNumber(pathway.revision_number);
}
