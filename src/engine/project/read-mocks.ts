// Reads a scenario suite's shared mocks file (`mocks:`) into webhook answers, or says why it cannot be used.
import { decodeUtf8 } from "../../parse/index.js";
import { loadMocks } from "../../simulate/index.js";
import { describeFsError } from "../../host/fs-errors.js";
import type { Host } from "../../host/host.js";
import { displayPath } from "./inputs.js";

/** Reads a shared mocks file: its answers, or why it cannot be used (named, with the line of the first problem). */
export async function readMocks(host: Host, file: string): Promise<{ webhooks: Record<string, { status: number; body?: unknown }> } | { problem: string }> {
  const shown = displayPath(host.cwd, file);
  let bytes: Uint8Array;
  try {
    bytes = await host.readFile(file);
  } catch (error) {
    return { problem: `mocks: ${describeFsError(error, shown)}` };
  }
  const decoded = decodeUtf8(bytes);
  if (decoded.text === undefined) return { problem: `mocks: ${shown}: ${decoded.diagnostics.find((d) => d.severity === "error")?.message ?? "not UTF-8"}` };
  const loaded = loadMocks(decoded.text);
  if (!loaded.ok) {
    const first = loaded.issues[0]!;
    return { problem: `mocks: ${shown}${first.line !== undefined ? `:${first.line}:${first.column ?? 1}` : ""}: ${first.message}` };
  }
  return { webhooks: loaded.webhooks };
}
