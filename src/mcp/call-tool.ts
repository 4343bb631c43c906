// tools/call: finds the tool, checks its arguments, runs it one call at a time within its time, and shapes the answer: bounded, redacted, escape-free.
import { toJsonText } from "../escape/json.js";
import { escapeTerminalText } from "../escape/terminal.js";
import { isEngineError } from "../host/errors.js";
import { describeCuts, MAX_ANSWER_CHARS, MAX_STRING, toBoundedValue, type Cut } from "./bounds.js";
import { RPC_ERRORS, RpcError } from "./json-rpc.js";
import { ALL_TOOLS } from "./tools/index.js";
import { ToolRefusal, type Tool, type ToolAnswer, type ToolContext } from "./tool.js";

/** What `createToolCaller` needs from the server. */
export interface ToolCallerOptions {
  /** The tools the server's permissions allow. */
  offered: readonly Tool[];
  /** Longest a call may take, in milliseconds. */
  timeoutMs: number;
  /** The context of a call whose signal is `signal`. */
  contextFor(signal: AbortSignal): ToolContext;
  /** Runs a job after every job before it has ended (the server's one-at-a-time queue). */
  oneAtATime<T>(job: () => Promise<T>): Promise<T>;
  redact?: (text: string) => string;
  log(message: string): void;
}

/** A tools/call result: text for the assistant, and the structured result beside it (absent on an error). */
export interface ToolCallResult {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: true;
}

/** A duration for a message: "250 ms", "90 s". */
const describeDuration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

/** Longest text shown after the summary (Markdown, Mermaid, a diff); the structured result holds the rest. */
const MAX_TEXT = MAX_STRING * 2;

/**
 * The tools/call handler. An unknown tool, or one the permissions leave out (naming the flag that offers it), is a
 * protocol error; arguments that do not fit the tool's schema, a refused path, an engine error and a timeout are error
 * results the assistant can act on; anything else is an internal error, logged whole and answered in one line.
 */
export function createToolCaller(options: ToolCallerOptions): (params: Record<string, unknown>, signal: AbortSignal) => Promise<ToolCallResult> {
  const clean = (text: string) => escapeTerminalText(options.redact ? options.redact(text) : text);
  const errorResult = (message: string): ToolCallResult => ({ content: [{ type: "text", text: clean(message) }], isError: true });

  const toResult = (tool: Tool, answer: ToolAnswer): ToolCallResult => {
    const cuts: Cut[] = [];
    const bounded = toBoundedValue(
      answer.structured,
      { ...(options.redact && { redact: options.redact }), ...(tool.cut === false && { cut: false }) },
      cuts,
    ) as Record<string, unknown>;
    if (cuts.length > 0) bounded.cuts = cuts;
    const json = toJsonText(bounded);
    if (json.length > MAX_ANSWER_CHARS)
      return errorResult(
        `The answer of ${tool.name} would be ${json.length} characters, over the ${MAX_ANSWER_CHARS} one answer may hold: ask about fewer files${tool.cut === false ? " or fewer findings (max_findings)" : " or a focus node"}.`,
      );
    const text = answer.text;
    const body =
      text === undefined
        ? json
        : text.length > MAX_TEXT
          ? `${text.slice(0, MAX_TEXT)}\n… [${text.length - MAX_TEXT} more characters; the structured result holds the rest]`
          : text;
    const summary = [answer.summary, describeCuts(cuts)].filter(Boolean).join(" ");
    return { content: [{ type: "text", text: `${clean(summary)}\n\n${clean(body)}` }], structuredContent: bounded };
  };

  /** Runs `tool` until it answers, the client cancels it or its time is up. */
  const run = async (tool: Tool, args: unknown, signal: AbortSignal): Promise<ToolCallResult> => {
    if (signal.aborted) return errorResult("Cancelled before it started.");
    const controller = new AbortController();
    const abort = () => controller.abort();
    signal.addEventListener("abort", abort);
    let timer: NodeJS.Timeout | undefined;
    const timeUp = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(
          new ToolRefusal(
            `${tool.name} did not finish within ${describeDuration(options.timeoutMs)}; ask about fewer files (or start the server with a longer --timeout).`,
          ),
        );
      }, options.timeoutMs);
    });
    try {
      return toResult(tool, await Promise.race([tool.run(args as never, options.contextFor(controller.signal)), timeUp]));
    } catch (error) {
      if (error instanceof ToolRefusal || isEngineError(error)) return errorResult(error.message);
      options.log(`internal error in ${tool.name}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return errorResult(
        `Internal error in ${tool.name}: ${error instanceof Error ? error.message : String(error)}. This is a bug in pathwaykit; please report it.`,
      );
    } finally {
      clearTimeout(timer);
      signal.removeEventListener("abort", abort);
    }
  };

  return async (params, signal) => {
    const tool = options.offered.find((t) => t.name === params.name);
    if (!tool) {
      const known = ALL_TOOLS.find((t) => t.name === params.name);
      const flags = known?.needs?.map((n) => `--allow-${n}`).join(" and ");
      throw new RpcError(
        RPC_ERRORS.invalidParams,
        known
          ? `Unknown tool: ${known.name} is offered only when the server is started with ${flags}.`
          : `Unknown tool: ${JSON.stringify(params.name)}; tools/list names the tools.`,
      );
    }
    const parsed = tool.input.safeParse(params.arguments ?? {});
    if (!parsed.success)
      return errorResult(
        `Invalid arguments for ${tool.name}: ${parsed.error.issues.map((i) => `${i.path.join(".") || "(arguments)"}: ${i.message}`).join("; ")}.`,
      );
    return options.oneAtATime(() => run(tool, parsed.data, signal));
  };
}
