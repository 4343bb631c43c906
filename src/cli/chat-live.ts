// `pathway chat --live`: the same prompt, but each line goes to the service's chat (optionally a saved version) and its answers are shown.
import type { Command } from "commander";
import { createInterface } from "node:readline";
import pc from "picocolors";
import type { VersionSpec } from "../engine/project/version-spec.js";
import { openLiveChat } from "../engine/scenarios/live-chat-session.js";
import { escapeTerminalText } from "../escape/terminal.js";
import type { CliIo } from "./io.js";
import { useColor } from "./io.js";
import { option } from "./options/index.js";
import { addRemoteOptions, toRemoteOptions, type RemoteFlags } from "./remote-options.js";

/** The flags `--live` adds to chat. */
export interface LiveChatFlags extends RemoteFlags {
  live?: boolean;
  pathwayId?: string;
  pathwayVersion?: VersionSpec;
  color?: boolean;
}

/** Adds --live, --pathway-id, --pathway-version and the remote flags to chat. */
export function addLiveChatOptions(command: Command): Command {
  return addRemoteOptions(
    command
      .addOption(option("live", { does: "talk to the service's chat with the remote pathway" }))
      .addOption(option("pathwayId", { with: "--live" }))
      .addOption(option("pathwayVersion", { for: "chat", with: "--live" })),
  );
}

/** Runs a live session: each non-command line is sent; /vars shows the variables, /quit leaves. */
export async function runLiveChat(io: CliIo, pathwayArg: string, flags: LiveChatFlags, variables: Record<string, unknown>): Promise<void> {
  const chat = await openLiveChat(io.host, pathwayArg, {
    ...toRemoteOptions(flags, io),
    ...(flags.pathwayId !== undefined && { pathwayId: flags.pathwayId }),
    ...(flags.pathwayVersion !== undefined && { pathwayVersion: flags.pathwayVersion }),
    variables,
  });
  const c = pc.createColors(useColor(flags.color, io));
  const write = (s: string) => io.stdout.write(`${s}\n`);
  for (const w of chat.warnings) io.stderr.write(`pathway: warning: ${escapeTerminalText(w)}\n`);
  const v = chat.tested;
  const version = v
    ? `, version ${v.version ?? "unknown"}${v.requested === String(v.version) ? "" : ` (${v.requested})`} ${v.hash.slice(0, 19)}`
    : ", production";
  const session = await chat.start();
  write(c.dim(escapeTerminalText(`Chatting live with pathway ${chat.id}${version}. /vars, /quit.`)));
  if (session.message) write(`${c.bold("agent")}: ${escapeTerminalText(session.message)}`);
  let vars: Record<string, unknown> = {};
  const interactive = (io.stdin as { isTTY?: boolean }).isTTY === true;
  const rl = createInterface({ input: io.stdin, ...(interactive && { output: io.stdout }), terminal: interactive });
  rl.on("SIGINT", () => rl.close());
  for await (const raw of rl) {
    const line = raw.trim();
    if (!interactive && line !== "") write(`${c.green("you>")} ${escapeTerminalText(line)}`);
    if (line === "") continue;
    if (line === "/quit" || line === "/exit") break;
    if (line === "/vars") write(escapeTerminalText(JSON.stringify(vars, null, 2)));
    else if (line.startsWith("/")) write(c.yellow(`${escapeTerminalText(line.split(" ")[0]!)} is not available live; /vars and /quit are`));
    else {
      const reply = await chat.send(session.chatId, line);
      vars = reply.variables;
      if (reply.currentNodeName ?? reply.currentNodeId) write(c.cyan(`[${escapeTerminalText(reply.currentNodeName ?? reply.currentNodeId!)}]`));
      for (const said of reply.assistantResponses) write(`${c.bold("agent")}: ${escapeTerminalText(said)}`);
      if (reply.completed) {
        write(c.magenta("conversation completed"));
        break;
      }
    }
  }
  rl.close();
}
