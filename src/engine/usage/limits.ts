// The bounds of a usage read, on their own so that a command's flags can state them without loading the client.

/** Default of `--max-numbers`: inbound-number configurations read per run, at most (one request each). */
export const DEFAULT_MAX_NUMBERS = 1000;
