// `pathway mcp`: the Model Context Protocol server on stdin/stdout: the tools, resources and prompts over the engine, rooted at the project.
import type { Host } from "../host/host.js";
import { toBoundedValue } from "./bounds.js";
import { createToolCaller } from "./call-tool.js";
import { RPC_ERRORS, RpcError, serveJsonRpc } from "./json-rpc.js";
import { createProjectHost, type Permissions } from "./project-host.js";
import { getPrompt, PROMPTS } from "./prompts.js";
import { getOfferedTools } from "./tools/index.js";
import { toProtocolSchema, type Tool, type ToolContext } from "./tool.js";

/** Protocol versions the server speaks, newest first. */
export const PROTOCOL_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];

/** Options of `startMcpServer`. */
export interface McpServerOptions {
  /** The engine's host; its `cwd` is the project root, the only folder the server reads. */
  host: Host;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** pathwaykit's version, for the initialize answer. */
  version: string;
  permissions: Permissions;
  /** Largest pathway, scenario or draft read, in bytes. */
  maxFileBytes: number;
  /** Longest a tool call may take, in milliseconds. */
  timeoutMs: number;
  /** Reads a file of pathwaykit's own package (schemas/, docs/rules/); undefined when it is not there. */
  readOwnFile(relative: string): Promise<string | undefined>;
  /** Hides secrets in everything the server answers. */
  redact?: (text: string) => string;
  /** A line for the client's log (stderr). */
  log(message: string): void;
}

/** Why the server stopped: 0 when the client closed the input (the usual end of a session). */
export interface McpExit {
  code: 0;
}

/** Largest message a client may send: a draft's text up to the file cap, JSON-escaped, and the rest of the call. */
const messageLimit = (maxFileBytes: number) => maxFileBytes * 6 + 64 * 1024;

const PAGE = 100;

/** The page of `items` a cursor (an offset the server gave) asks for, and the cursor of the next. */
function toPage<T>(items: readonly T[], cursor: unknown): { page: T[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : typeof cursor === "string" && /^\d{1,9}$/.test(cursor) ? Number(cursor) : -1;
  if (start < 0 || start > items.length) throw new RpcError(RPC_ERRORS.invalidParams, "Invalid cursor: pass the nextCursor of the previous page.");
  const end = start + PAGE;
  return { page: items.slice(start, end), ...(end < items.length && { nextCursor: String(end) }) };
}

const paramsOf = (params: unknown): Record<string, unknown> =>
  typeof params === "object" && params !== null && !Array.isArray(params) ? (params as Record<string, unknown>) : {};

/** The tool's entry in tools/list. */
function describeTool(tool: Tool): Record<string, unknown> {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: toProtocolSchema(tool.input, "input"),
    outputSchema: toProtocolSchema(tool.output, "output"),
    annotations: { title: tool.title, ...tool.hints },
  };
}

/**
 * Serves the protocol on `options.input`/`options.output` until the input ends (the client went away), then resolves.
 * Tool calls run one at a time, each bounded by `timeoutMs` and cancelled when the client cancels it; every answer is
 * redacted and escape-free, and a tool's answer is cut to fit with a note.
 */
export async function startMcpServer(options: McpServerOptions): Promise<McpExit> {
  const host = createProjectHost(options.host, options.permissions, options.maxFileBytes);
  const offered = getOfferedTools(options.permissions);
  let toolList: Record<string, unknown>[] | undefined;
  const redact = options.redact;
  const contextFor = (signal: AbortSignal): ToolContext => ({
    host,
    permissions: options.permissions,
    signal,
    readOwnFile: options.readOwnFile,
    maxFileBytes: options.maxFileBytes,
  });
  // One call at a time: the engine's operations read and parse whole files, and two large ones at once would double the memory.
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job, job);
    queue = run.catch(() => undefined);
    return run;
  };
  const callTool = createToolCaller({ offered, timeoutMs: options.timeoutMs, contextFor, oneAtATime, log: options.log, ...(redact && { redact }) });

  const handlers = {
    async request(method: string, raw: unknown, signal: AbortSignal): Promise<unknown> {
      const params = paramsOf(raw);
      switch (method) {
        case "initialize": {
          const asked = params.protocolVersion;
          const protocolVersion = typeof asked === "string" && PROTOCOL_VERSIONS.includes(asked) ? asked : PROTOCOL_VERSIONS[0];
          return {
            protocolVersion,
            capabilities: { tools: { listChanged: false }, resources: { listChanged: false, subscribe: false }, prompts: { listChanged: false } },
            serverInfo: { name: "pathwaykit", title: "pathwaykit", version: options.version },
            instructions:
              "Tools to check the conversational pathways of this project (pathway JSON files): validate and lint give findings with JSON pointers, lines and columns, fixes and suggestions; run_scenarios runs *.scenario.yaml files with coverage; diff compares two versions. " +
              "After editing a pathway, lint it (or lint the draft text before saving) and diff it against the version before your edit. Paths are relative to the project root, and nothing outside it is read.",
          };
        }
        case "ping":
          return {};
        case "tools/list":
          toolList ??= offered.map(describeTool);
          return { tools: toolList };
        case "tools/call":
          return callTool(params, signal);
        case "resources/list": {
          const { listResources } = await import("./resources.js"); // why: the rule catalogue and the folder walk load on first use, not for tools/list
          const { page, nextCursor } = toPage(await oneAtATime(() => listResources(contextFor(signal))), params.cursor);
          return toBoundedValue({ resources: page, ...(nextCursor && { nextCursor }) }, { ...(redact && { redact }), cut: false });
        }
        case "resources/templates/list":
          return { resourceTemplates: (await import("./resources.js")).RESOURCE_TEMPLATES };
        case "resources/read": {
          if (typeof params.uri !== "string") throw new RpcError(RPC_ERRORS.invalidParams, "resources/read needs a uri.");
          const uri = params.uri;
          const { readResource } = await import("./resources.js");
          const content = await oneAtATime(() => readResource(uri, contextFor(signal)));
          return toBoundedValue({ contents: [content] }, { ...(redact && { redact }), cut: false });
        }
        case "prompts/list":
          return { prompts: PROMPTS };
        case "prompts/get": {
          if (typeof params.name !== "string") throw new RpcError(RPC_ERRORS.invalidParams, "prompts/get needs a name.");
          return toBoundedValue(await getPrompt(params.name, paramsOf(params.arguments), contextFor(signal)), { ...(redact && { redact }), cut: false });
        }
        default:
          throw new RpcError(RPC_ERRORS.methodNotFound, `Method not found: ${method}.`);
      }
    },
    // notifications/initialized and the rest ask for nothing the server does.
    notification() {},
  };
  await serveJsonRpc(handlers, { input: options.input, output: options.output, maxMessageBytes: messageLimit(options.maxFileBytes), log: options.log });
  return { code: 0 };
}
