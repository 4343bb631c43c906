// The folder --record writes and --replay reads: one `<hash>.json` file per model request, keys never written.
import path from "node:path";
import { toJsonText } from "../../escape/json.js";
import type { Recording, RecordingStore } from "../../llm/index.js";
import { createRedactor } from "../../remote/redact.js";
import { EngineError } from "../../host/errors.js";
import { describeFsError } from "../../host/fs-errors.js";
import type { Host } from "../../host/host.js";
import { displayPath } from "../project/inputs.js";

/** Every environment variable that may hold a key: a recording is written with each of their values hidden. */
export const MODEL_KEY_ENVS = ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "PATHWAYKIT_API_KEY", "PATHWAYKIT_LLM_API_KEY"] as const;

/** The file of a key: its hex digest (`sha256:` dropped). */
function fileOf(dir: string, key: string): string {
  return path.join(dir, `${key.replace(/^sha256:/, "")}.json`);
}

function isRecording(value: unknown, key: string): value is Recording {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Partial<Recording>;
  return (
    r.key === key &&
    typeof r.request === "object" &&
    r.request !== null &&
    Array.isArray(r.answers) &&
    r.answers.every((a) => typeof a === "object" && a !== null && Number.isInteger(a.status))
  );
}

/**
 * A recording store in `dir`. Written files hold no credential header (recordings leave them out) and no value of the
 * environment's keys (a model that echoes one has it replaced by [redacted]). A file that is not a recording of its
 * name's request is an input error naming it; a missing file is no recording.
 */
export function createRecordingFolder(host: Host, dir: string): RecordingStore {
  const redactors = MODEL_KEY_ENVS.map((name) => createRedactor(host.env[name]?.trim()));
  const redact = (text: string) => redactors.reduce((clean, r) => r(clean), text);
  return {
    async read(key) {
      const file = fileOf(dir, key);
      if ((await host.stat(file))?.kind !== "file") return undefined;
      let bytes: Uint8Array;
      try {
        bytes = await host.readFile(file);
      } catch (error) {
        throw new EngineError("io", `cannot read the recording ${describeFsError(error, displayPath(host.cwd, file))}`);
      }
      let value: unknown;
      try {
        value = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        throw new EngineError("input", `the recording ${displayPath(host.cwd, file)} is not JSON; record again with --record.`);
      }
      if (!isRecording(value, key))
        throw new EngineError("input", `${displayPath(host.cwd, file)} is not the recording of the request its name says; record again with --record.`);
      return value;
    },
    async write(recording) {
      const file = fileOf(dir, recording.key);
      try {
        await host.writeFile(file, redact(toJsonText(recording)));
      } catch (error) {
        throw new EngineError("io", `cannot write ${describeFsError(error, displayPath(host.cwd, file))}`);
      }
    },
  };
}
