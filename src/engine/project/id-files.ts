// One file per id in a folder, under the reversible names, never written over a file that holds another id's content.
import path from "node:path";
import type { Host } from "../../host/host.js";
import { MAX_ID_FILE_NAME, toIdFileName } from "./id-file-name.js";
import { displayPath } from "./inputs.js";

/** Options of `createIdFiles`. */
export interface IdFilesOptions {
  /** The folder the files go into. */
  dir: string;
  /** Before the encoded id in the name, e.g. `call-`. Default: nothing. */
  prefix?: string;
  /** After it, e.g. `.scenario.yaml`. Default `.json`. */
  extension?: string;
  /** The id a file already there belongs to, read from its bytes; undefined when it belongs to none this kind of file can tell. */
  idIn(bytes: Uint8Array): string | undefined;
  /** What an id's file holds, for messages: e.g. ``(id) => `call ${id}'s record` ``. */
  describe(id: string): string;
}

/** What `IdFiles.write` did. */
export type IdFileOutcome =
  | { status: "written"; file: string }
  /** The file already held this id's content and `replace` was false: left as it was. */
  | { status: "exists"; file: string }
  /** Nothing was written: why (`message`, a sentence for the user) and a code for it (`reason`). */
  | { status: "refused"; file: string; reason: IdFileRefusal; message: string };

/**
 * Why a write was refused: the file holds another id's content (`other-id`), holds nothing that names an id, is not a
 * file or cannot be read (`not-an-id-file`), or the id's name is longer than MAX_ID_FILE_NAME (`id-too-long`).
 */
export type IdFileRefusal = "other-id" | "not-an-id-file" | "id-too-long";

/** Writes the files of one folder; see `createIdFiles`. */
export interface IdFiles {
  /** Where `id`'s file is (a name over MAX_ID_FILE_NAME is refused by `write`). */
  pathOf(id: string): string;
  /**
   * Writes `content` as `id`'s file, atomically. A file already there is read first: if it holds `id`'s content it is
   * replaced when `replace` is true and left as it is otherwise ("exists"); if it holds another id's, or nothing that
   * names an id, it is left as it is and the outcome says why ("refused").
   */
  write(id: string, content: string, replace: boolean): Promise<IdFileOutcome>;
}

/**
 * Files named by `toIdFileName` (the naming `pathway fetch` gives pathways), so two ids never share a name. A file can
 * still belong to another id: one written under the older lossy names (`a/b` and `a_b` both got `a_b.json`), or one
 * whose name differs only in case on a file system that ignores case. So the file's own id is compared before each
 * write, and writes to names equal but for case run one after another, so two of them cannot both find the file free.
 */
export function createIdFiles(host: Host, options: IdFilesOptions): IdFiles {
  const prefix = options.prefix ?? "";
  const extension = options.extension ?? ".json";
  const queues = new Map<string, Promise<unknown>>();
  const oneAtATime = <T>(key: string, job: () => Promise<T>): Promise<T> => {
    const run = (queues.get(key) ?? Promise.resolve()).then(job);
    const tail = run.catch(() => undefined);
    queues.set(key, tail);
    void tail.then(() => queues.get(key) === tail && queues.delete(key));
    return run;
  };
  const nameOf = (id: string) => `${prefix}${toIdFileName(id, extension)}`;
  const pathOf = (id: string) => path.join(options.dir, nameOf(id));

  /** Who the file at `file` belongs to: nobody (free), `id` itself ("same"), or why it is not `id`'s to write. */
  const ownerOf = async (id: string, file: string, shown: string): Promise<"free" | "same" | { reason: IdFileRefusal; message: string }> => {
    const stat = await host.stat(file);
    if (stat === undefined) return "free";
    const notOurs = (message: string) => ({ reason: "not-an-id-file" as const, message });
    if (stat.kind !== "file") return notOurs(`${shown} exists and is not a file: nothing was written for ${options.describe(id)}.`);
    let owner: string | undefined;
    try {
      owner = options.idIn(await host.readFile(file));
    } catch (error) {
      return notOurs(`${shown} exists and cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}): nothing was written over it.`);
    }
    if (owner === id) return "same";
    if (owner === undefined)
      return notOurs(
        `${shown} exists and does not hold ${options.describe(id)} (nor anything that names its id): nothing was written over it; move it away and run again.`,
      );
    const head = `${shown} holds ${options.describe(owner)}, not ${options.describe(id)}: nothing was written over it`;
    const own = nameOf(owner);
    if (own.toLowerCase() === nameOf(id).toLowerCase())
      return {
        reason: "other-id",
        message: `${head} (this file system does not tell ${own} from ${nameOf(id)} apart); write one of them into another folder.`,
      };
    return { reason: "other-id", message: `${head}. Older versions gave both ids this name; rename the file to ${own}, its own name now, and run again.` };
  };

  return {
    pathOf,
    write(id, content, replace) {
      const file = pathOf(id);
      const shown = displayPath(host.cwd, file);
      const name = nameOf(id);
      if (name.length > MAX_ID_FILE_NAME) {
        const message = `the id is too long for a file name (${name.length} characters once encoded, at most ${MAX_ID_FILE_NAME}): nothing was written.`;
        return Promise.resolve({ status: "refused", file: shown, reason: "id-too-long", message });
      }
      return oneAtATime(path.resolve(host.cwd, file).toLowerCase(), async (): Promise<IdFileOutcome> => {
        const owner = await ownerOf(id, file, shown);
        if (owner === "same" && !replace) return { status: "exists", file: shown };
        if (owner !== "free" && owner !== "same") return { status: "refused", file: shown, ...owner };
        await host.writeFile(file, content);
        return { status: "written", file: shown };
      });
    },
  };
}
