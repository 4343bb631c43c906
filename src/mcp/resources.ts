// The MCP resources: the JSON Schemas pathwaykit ships, one page per rule, and the project's pathways, each by a pathwaykit:// URI.
import { expandInputs, readInput } from "../engine/project/inputs.js";
import { isPathway } from "../engine/project/load-pathway.js";
import { describeFsError } from "../host/fs-errors.js";
import { decodeUtf8 } from "../parse/decode.js";
import { confinePaths } from "./arguments.js";
import { RPC_ERRORS, RpcError } from "./json-rpc.js";
import { getRuleDocument, getRuleMetas } from "./rule-docs.js";
import type { ToolContext } from "./tool.js";

/** One entry of resources/list. */
export interface ResourceEntry {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType: string;
}

/** The schemas in the package's schemas/ folder, with what each describes. */
const SCHEMAS: Record<string, string> = {
  "pathway.schema.json": "A pathway's JSON: nodes, edges, node data by type, global nodes, routes and variables.",
  "scenario.schema.json": "A scenario file (*.scenario.yaml): its pathway, the caller's turns, take:, webhook mocks and expectations.",
  "call-request.schema.json": "The body of POST /v1/calls.",
  "batch-request.schema.json": "The body of POST /v1/batches.",
  "inbound-request.schema.json": "The body of POST /v1/inbound/{phone_number}.",
  "purchase-request.schema.json": "The body of POST /v1/inbound/purchase.",
};

/** Most project pathways listed: a folder of thousands of JSON files is named by the templates instead. */
const MAX_LISTED_PATHWAYS = 500;
/** Most bytes read to tell pathways from other JSON while listing (a folder of call records is not read whole). */
const MAX_LISTING_BYTES = 64 * 1024 * 1024;

/** URI templates for what the list may not show whole. */
export const RESOURCE_TEMPLATES = [
  {
    uriTemplate: "pathwaykit://pathways/{path}",
    name: "pathway",
    title: "A pathway of the project",
    description: "A pathway file by its path from the project root (slashes kept, other characters percent-encoded).",
    mimeType: "application/json",
  },
  {
    uriTemplate: "pathwaykit://rules/{id}",
    name: "rule",
    title: "A rule's documentation",
    description: "What a rule of validate, lint or check_request checks, its severity, fix, messages and options.",
    mimeType: "text/markdown",
  },
];

const pathwayUri = (file: string) => `pathwaykit://pathways/${file.split("/").map(encodeURIComponent).join("/")}`;

/** The project's pathway files (at most MAX_LISTED_PATHWAYS, found in the first MAX_LISTING_BYTES read): JSON files under the root that hold a pathway. */
async function listPathways(context: ToolContext): Promise<ResourceEntry[]> {
  const refs = (await expandInputs(context.host, "pathway", ["."])).filter((r) => r.file !== undefined && !r.problem);
  const entries: ResourceEntry[] = [];
  let read = 0;
  for (const ref of refs) {
    if (entries.length >= MAX_LISTED_PATHWAYS || read > MAX_LISTING_BYTES || context.signal.aborted) break;
    const input = await readInput(context.host, ref);
    read += input.bytes?.length ?? 0;
    const text = input.bytes && decodeUtf8(input.bytes).text;
    if (text === undefined) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      continue;
    }
    if (!isPathway(value)) continue;
    const name = typeof (value as { name?: unknown }).name === "string" ? (value as { name: string }).name : undefined;
    entries.push({
      uri: pathwayUri(ref.path),
      name: ref.path,
      ...(name && { title: name }),
      description: "A pathway of the project (JSON).",
      mimeType: "application/json",
    });
  }
  return entries;
}

/** Every resource: the project's pathways (what an assistant asks for most), the schemas, then the rules. */
export async function listResources(context: ToolContext): Promise<ResourceEntry[]> {
  const schemas = Object.entries(SCHEMAS).map(([file, description]) => ({
    uri: `pathwaykit://schemas/${file}`,
    name: file,
    description,
    mimeType: "application/schema+json",
  }));
  const rules = [...(await getRuleMetas()).values()].map((m) => ({
    uri: `pathwaykit://rules/${m.id}`,
    name: m.id,
    description: m.description,
    mimeType: "text/markdown",
  }));
  return [...(await listPathways(context)), ...schemas, ...rules];
}

const notFound = (uri: string, why: string) => new RpcError(RPC_ERRORS.invalidParams, `Resource not found: ${uri} (${why}).`);

/** The text of one resource. An unknown URI, a path outside the project or a file that is not a pathway is an error. */
export async function readResource(uri: string, context: ToolContext): Promise<{ uri: string; mimeType: string; text: string }> {
  const m = /^pathwaykit:\/\/(schemas|rules|pathways)\/(.+)$/.exec(uri);
  if (!m) throw notFound(uri, "pathwaykit's resources are pathwaykit://schemas/<file>, pathwaykit://rules/<id> and pathwaykit://pathways/<path>");
  const [, kind, rest] = m as unknown as [string, string, string];
  if (kind === "schemas") {
    const text = rest in SCHEMAS ? await context.readOwnFile(`schemas/${rest}`) : undefined;
    if (text === undefined) throw notFound(uri, `the schemas are ${Object.keys(SCHEMAS).join(", ")}`);
    return { uri, mimeType: "application/schema+json", text };
  }
  if (kind === "rules") {
    const meta = (await getRuleMetas()).get(rest);
    if (!meta) throw notFound(uri, "no rule has this id");
    return { uri, mimeType: "text/markdown", text: (await getRuleDocument(meta, context.readOwnFile)).markdown };
  }
  let file: string;
  try {
    file = rest.split("/").map(decodeURIComponent).join("/");
  } catch {
    throw notFound(uri, "the path is not percent-encoded properly");
  }
  try {
    await confinePaths(context.host, [file], "uri");
  } catch (error) {
    throw notFound(uri, (error as Error).message);
  }
  let bytes: Uint8Array;
  try {
    bytes = await context.host.readFile(file);
  } catch (error) {
    throw notFound(uri, describeFsError(error, file));
  }
  const text = decodeUtf8(bytes).text;
  let value: unknown;
  try {
    value = text === undefined ? undefined : JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (text === undefined || !isPathway(value)) throw notFound(uri, "the file is not a pathway's JSON; use the validate tool to see why");
  return { uri, mimeType: "application/json", text };
}
