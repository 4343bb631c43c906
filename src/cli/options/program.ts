// The option table's program-wide part: flags accepted before or after any command name (kept apart so `pathway --help` loads only this).
import { parseByteSize } from "./byte-size.js";
import { defineOption } from "./define.js";

/** Environment variable for the input cap (`--max-file-size` wins). */
export const MAX_FILE_SIZE_ENV = "PATHWAYKIT_MAX_FILE_SIZE";

/** The program's own flags. */
export const PROGRAM_OPTIONS = {
  maxFileSize: defineOption("--max-file-size <size>", () => ({
    description: `largest pathway or scenario file read, stdin included (default: $${MAX_FILE_SIZE_ENV} or 256MB)`,
    parse: parseByteSize,
    env: MAX_FILE_SIZE_ENV,
  })),
};
