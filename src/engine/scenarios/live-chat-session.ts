// `openLiveChat`: what `pathway chat --live` talks to: the remote pathway of a file (or remote:<id>), the saved version asked for, and the client.
import type { ChatApi } from "../../model/index.js";
import { EngineError } from "../../host/errors.js";
import type { Host } from "../../host/host.js";
import { resolveVersion, type TestedVersion, type VersionSpec } from "../project/live-version.js";
import { resolveReleaseTarget } from "../project/release-target.js";
import { createClient, toEngineError, type RemoteOptions } from "../project/remote-client.js";

/** Options of `openLiveChat`; all optional. */
export interface LiveChatOptions extends RemoteOptions {
  /** The remote pathway. Default: the file's manifest entry. */
  pathwayId?: string;
  /** The saved version to chat with. Default: production (no pathway_version, as the chat does). */
  pathwayVersion?: VersionSpec;
  /** Variables known at the start (`request_data`). */
  variables?: Record<string, unknown>;
}

/** An open live chat: the pathway, the version (when one was asked for) and the calls. */
export interface LiveChat {
  id: string;
  tested?: TestedVersion;
  warnings: string[];
  /** Starts the chat (with `requestData` instead of the options' variables, when given): the service's chat id and its first message. */
  start(requestData?: Record<string, unknown>): Promise<{ chatId: string; message?: string }>;
  send: ChatApi["sendChatMessage"];
}

/** Resolves the pathway and version and makes the client; nothing is sent until `start`. Throws EngineError. */
export async function openLiveChat(host: Host, pathwayArg: string, options: LiveChatOptions = {}): Promise<LiveChat> {
  const target = await resolveReleaseTarget(host, pathwayArg, { lenient: true, ...(options.pathwayId !== undefined && { id: options.pathwayId }) });
  const client = await createClient(host, options, target.manifest);
  if (!client.config.apiKey)
    throw new EngineError("config", "--live talks to the service's chat: set PATHWAYKIT_API_KEY to the key from the service's dashboard.");
  const resolved =
    options.pathwayVersion === undefined ? undefined : await resolveVersion(host, client, target.manifest, target.id, options.pathwayVersion, target.file);
  const warnings = [...(resolved?.warnings ?? [])];
  if (resolved && target.local && resolved.tested.hash !== target.local.hash)
    warnings.push(`the version chatted with is not ${target.file} (remote ${resolved.tested.hash}, local ${target.local.hash}).`);
  const pathwayVersion = resolved?.send;
  const wrap = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw await toEngineError(error, { id: target.id });
    }
  };
  return {
    id: target.id,
    ...(resolved && { tested: resolved.tested }),
    warnings,
    start: (requestData = options.variables) =>
      wrap(() => client.createChat({ pathwayId: target.id, ...(requestData && { requestData }), ...(pathwayVersion !== undefined && { pathwayVersion }) })),
    send: (chatId, message) => wrap(() => client.sendChatMessage(chatId, message)),
  };
}
