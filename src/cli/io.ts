// The process boundary handed to commands: streams, environment, working directory and the engine's host, so commands stay testable.
import type { Host } from "../host/host.js";
import { escapeTerminalText } from "../escape/terminal.js";
import { API_KEY_ENV, createRedactor } from "../remote/redact.js";

/** What a command may touch of the process. */
export interface CliIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  env: NodeJS.ProcessEnv;
  cwd: string;
  version: string;
  /** Files, stdin, environment, clock and network for engine operations (built from the fields above by `main`). */
  host: Host;
  /** Records the command's exit code (commands never call process.exit). */
  setExitCode(code: number): void;
}

type Stream = CliIo["stdout"];

/** Environment variables holding secrets no output may show: the service's key, and the model endpoint's key of `test --decider llm`. */
const SECRET_ENVS = [API_KEY_ENV, "PATHWAYKIT_LLM_API_KEY"];

/** A function hiding every secret set in `env` (see createRedactor), or undefined when none is set. */
export function createSecretRedactor(env: Readonly<Record<string, string | undefined>>): ((text: string) => string) | undefined {
  const keys = SECRET_ENVS.map((name) => env[name]?.trim()).filter((key): key is string => !!key);
  if (keys.length === 0) return undefined;
  const redactors = keys.map(createRedactor);
  return (text) => redactors.reduce((clean, redactor) => redactor(clean), text);
}

/**
 * `stream` with every written chunk passed through `redact` first; everything else (isTTY, columns, on...) is the
 * stream's own. `onRedacted` is told when a chunk changed.
 */
function redactStream(stream: Stream, redact: (text: string) => string, onRedacted?: () => void): Stream {
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    const text = typeof chunk === "string" ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString("utf8") : undefined;
    const clean = text === undefined ? chunk : redact(text);
    const same = clean === text;
    if (!same) onRedacted?.();
    return (stream.write as (...args: unknown[]) => boolean)(same ? chunk : clean, ...(same || typeof rest[0] !== "string" ? rest : rest.slice(1)));
  };
  return new Proxy(stream, {
    get(target, prop) {
      if (prop === "write") return write;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * `host` whose file writes pass through `redact`; `warn` is told which file held a secret. A verbatim write (the user's
 * own pathway, formatted, built or imported from their files) is written unchanged: the key was already in what they
 * wrote, and replacing it would break the webhook that sends it.
 */
export function redactHost(host: Host, redact: (text: string) => string, warn: (message: string) => void): Host {
  return {
    ...host,
    async writeFile(file, content, options) {
      const text = typeof content === "string" ? content : Buffer.from(content).toString("utf8");
      const clean = redact(text);
      if (clean === text) return host.writeFile(file, content, options);
      // The file name is shown on a terminal by every caller: escaped here, once.
      const name = escapeTerminalText(file);
      if (options?.verbatim) {
        warn(
          `${name} holds an API key, written as it is because it is part of your pathway (a webhook header?); keep the file private, or have the webhook read the key from a variable.`,
        );
        return host.writeFile(file, content, options);
      }
      warn(`what was written to ${name} held an API key; it was replaced by [redacted]. Rotate the key.`);
      await host.writeFile(file, clean, options);
    },
  };
}

/**
 * The one redaction step at the output boundary: returns `io` whose stdout, stderr and file writes (through the host)
 * hide the API keys ($PATHWAYKIT_API_KEY, $PATHWAYKIT_LLM_API_KEY) in everything, whatever command, format or error
 * path produced it. The service can echo the key back in any answer, so no value that leaves the process is trusted.
 */
export function withRedaction(io: CliIo): CliIo {
  const redact = createSecretRedactor(io.env);
  if (!redact) return io;
  const stderr = redactStream(io.stderr, redact);
  const warn = (message: string) => stderr.write(`pathway: warning: ${message}\n`);
  // Printed output stays redacted (it may be a terminal or a CI log), even a document: said once, with how to keep it.
  let warned = false;
  const stdout = redactStream(io.stdout, redact, () => {
    if (warned) return;
    warned = true;
    warn(
      "the output held an API key, replaced by [redacted]; a key that is part of your pathway is kept when fmt, build or import write the file (-o or in place).",
    );
  });
  // Copied with its accessors: a spread would read `stdin`, which main leaves to be created on first use.
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(io)) as CliIo;
  return Object.assign(copy, { stdout, stderr, host: redactHost(io.host, redact, warn) });
}

/**
 * `--color` / `--no-color` win; otherwise NO_COLOR turns colour off, FORCE_COLOR on, and a terminal decides: the one
 * the text goes to (`stream`, stdout by default; messages on stderr pass io.stderr).
 */
export function useColor(flag: boolean | undefined, io: CliIo, stream: { isTTY?: boolean } = io.stdout): boolean {
  if (flag !== undefined) return flag;
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== "") return false;
  if (io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== "0") return true;
  return stream.isTTY === true;
}
