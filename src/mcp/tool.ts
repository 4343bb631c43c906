// The shape of one MCP tool: its zod input and output schemas, what it needs to be offered, and a run over the confined host.
import { z } from "zod";
import type { Host } from "../host/host.js";
import type { Permissions } from "./project-host.js";

/** What a tool's run gets besides its arguments. */
export interface ToolContext {
  /** The project host: reads inside the root only; writes and network as the permissions say. */
  host: Host;
  /** What the server was started to allow. */
  permissions: Permissions;
  /** Aborts when the client cancels the call or its time is up. */
  signal: AbortSignal;
  /** Reads a file of pathwaykit's own package (a schema, a rule's page), relative to it; undefined when absent. */
  readOwnFile(relative: string): Promise<string | undefined>;
  /** Largest pathway text read, in bytes (the CLI's --max-file-size). */
  maxFileBytes: number;
}

/** A tool's answer: the structured result (matching its output schema), a one-line summary, and a text to show instead of the JSON. */
export interface ToolAnswer {
  structured: Record<string, unknown>;
  summary: string;
  /** Shown after the summary instead of the structured result's JSON (Markdown, Mermaid). */
  text?: string;
}

/** Hints a client may show or act on (MCP's tool annotations). */
export interface ToolHints {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** One tool. `needs` lists the permissions it is offered under; a tool without them is not listed and cannot be called. */
export interface Tool<Input extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: Input;
  output: z.ZodObject;
  needs?: readonly (keyof Permissions)[];
  hints?: ToolHints;
  /** False for a tool that bounds its own answer (the findings tools keep up to max_findings): lists and strings are then not cut. */
  cut?: false;
  run(args: z.output<Input>, context: ToolContext): Promise<ToolAnswer>;
}

/** Declares a tool with its input's type inferred from its schema. */
export function defineTool<Input extends z.ZodObject>(tool: Tool<Input>): Tool {
  return tool as unknown as Tool;
}

/** A JSON Schema for the protocol: draft-07 (what clients validate with), without a `$schema` key. */
export function toProtocolSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: "draft-7", io, unrepresentable: "any" }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/** What every generic tool's output may carry: where the answer was cut to fit (see bounds.ts). */
export const cutsOutput = z
  .array(z.object({ at: z.string(), shown: z.number(), total: z.number() }))
  .optional()
  .describe("where lists or strings were cut to fit the answer (JSON pointers)");

/** Thrown by a tool for an argument it will not act on (a path outside the project): the call's error result, in these words. */
export class ToolRefusal extends Error {}
