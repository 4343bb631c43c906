// The process boundary handed to commands: streams, environment and working directory, so commands stay testable.
import { createRedactor } from "../remote/redact.js";
import { API_KEY_ENV } from "../remote/settings.js";

/** What a command may touch of the process. */
export interface CliIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  env: NodeJS.ProcessEnv;
  cwd: string;
  version: string;
  /** Records the command's exit code (commands never call process.exit). */
  setExitCode(code: number): void;
  /**
   * Hides the API key in a text about to leave the process. stdout and stderr already pass through it (see
   * `withRedaction`); commands call it for what they write to files. Default: the identity.
   */
  redact?: (text: string) => string;
  /** Largest input file (or stdin) a command reads: --max-file-size, else $PATHWAYKIT_MAX_FILE_SIZE, else 256 MiB. */
  maxFileBytes?: number;
}

type Stream = CliIo["stdout"];

/** Environment variables holding secrets no output may show: the service's key, and the model endpoint's key of `test --decider llm`. */
const SECRET_ENVS = [API_KEY_ENV, "PATHWAYKIT_LLM_API_KEY"];

/** `stream` with every written chunk passed through `redact` first; everything else (isTTY, columns, on...) is the stream's own. */
function redactStream(stream: Stream, redact: (text: string) => string): Stream {
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    const text = typeof chunk === "string" ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString("utf8") : undefined;
    const clean = text === undefined ? chunk : redact(text);
    const same = clean === text;
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
 * The one redaction step at the output boundary: returns `io` whose stdout and stderr hide the API keys (from
 * $PATHWAYKIT_API_KEY and $PATHWAYKIT_LLM_API_KEY) in everything written, whatever command, format or error path produced it, and whose `redact`
 * does the same for files. The service can echo the key back in any answer, so no printed value is trusted.
 */
export function withRedaction(io: CliIo): CliIo {
  const keys = SECRET_ENVS.map((name) => io.env[name]?.trim()).filter((key): key is string => !!key);
  if (keys.length === 0) return io;
  const redactors = keys.map(createRedactor);
  const redact = (text: string) => redactors.reduce((clean, redactor) => redactor(clean), text);
  return { ...io, stdout: redactStream(io.stdout, redact), stderr: redactStream(io.stderr, redact), redact };
}

/** `--color` / `--no-color` win; otherwise NO_COLOR turns colour off, FORCE_COLOR on, and a terminal decides. */
export function useColor(flag: boolean | undefined, io: CliIo): boolean {
  if (flag !== undefined) return flag;
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== "") return false;
  if (io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== "0") return true;
  return io.stdout.isTTY === true;
}
