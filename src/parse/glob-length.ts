// The longest glob pathwaykit reads: picomatch's own limit, checked before a glob reaches it.

/**
 * Longest glob read, in characters: picomatch's limit, past which it throws. A longer pattern, as an argument or in a
 * config, ended the command with "internal error: Input length ... exceeds maximum allowed length".
 */
export const MAX_GLOB_LENGTH = 65_536;
