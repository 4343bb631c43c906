// The call commands' default limits, on their own so that a command's flags can state them without loading the listener or the scenario writer.

const MIB = 1024 * 1024;

/**
 * The limits `startCallListener` uses unless told others. A call record is a few kilobytes to a few megabytes (long
 * transcripts and pathway logs), and the service sends one webhook per call as it ends, so a few at once is usual and
 * a batch ending a few dozen. 64 connections cover that; each costs little until it sends a body, and bodies are held
 * to 64 MiB in all (four of the largest accepted), so the receiver's memory stays near 100 MiB plus parsing whatever
 * clients do. A client gets 10 s for its headers and 10 s between bytes of its body, and 120 s for the whole request
 * (16 MiB at 140 kB/s).
 */
export const CALL_LISTENER_DEFAULTS = {
  maxBodyBytes: 16 * MIB,
  maxCalls: 10_000,
  maxConnections: 64,
  maxBytesInFlight: 64 * MIB,
  timeoutMs: 10_000,
  requestTimeoutMs: 120_000,
} as const;

/** How many scenario files one run writes unless told otherwise: a folder of a year's calls should not become a folder of a year's scenarios by accident. */
export const DEFAULT_MAX_SCENARIO_FILES = 1000;
