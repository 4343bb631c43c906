// `pathway chat`: an interactive session with the simulator: type caller turns, see the agent, the node, variables and edges.
import { toCount } from "../../escape/count.js";
import type { Command } from "commander";
import path from "node:path";
import { createInterface } from "node:readline";
import pc from "picocolors";
import { escapeTerminalText } from "../../escape/terminal.js";
import { getChatChoices, openChat, parseRequestData, takeChatTurn, toTakeRef } from "../../engine/scenarios/chat-session.js";
import * as sim from "../../simulate/index.js";
import { toChatLines } from "../chat-view.js";
import { addLiveChatOptions, runLiveChat, type LiveChatFlags } from "../chat-live.js";
import type { SimState, Simulator } from "../../simulate/index.js";
import { EXIT, ExitError } from "../exit.js";
import type { CliIo } from "../io.js";
import { useColor } from "../io.js";
import { option } from "../options/index.js";

interface ChatOptions extends LiveChatFlags {
  decider: "keyword" | "scripted" | "llm";
  requestData?: string;
  liveWebhooks?: boolean;
  full?: boolean;
  color?: boolean;
  llmBaseUrl?: string;
  llmModel?: string;
}

const HELP = `Type what the caller says. Commands:
  /edges          the choices here (edges out, global nodes), numbered
  /take <n|ref>   take choice n (or an edge id, label, or node name)
  /vars           the variables collected so far
  /back           undo the last turn
  /help           this help
  /quit           leave (also end of input)`;

/** Registers `pathway chat` on the program. */
export function register(program: Command, io: CliIo): void {
  addLiveChatOptions(
    program
      .command("chat")
      .description("talk to a pathway in the terminal: see what the agent says, the current node, variables and edges")
      .argument("<pathway>", "the pathway file"),
  )
    .addOption(option("decider", { in: "chat" }))
    .addOption(option("requestData"))
    .addOption(option("liveWebhooks", { in: "chat" }))
    .addOption(option("full"))
    .addOption(option("llmBaseUrl"))
    .addOption(option("llmModel"))
    .addOption(option("color"))
    .addOption(option("noColor"))
    .addHelpText(
      "after",
      `
${HELP}

Input may be piped, one turn or command per line, so a session can be scripted. With --live each line goes to the
service's chat (the file's remote pathway; --pathway-version draft|<n>|production|staging for a saved version)
and its answers, node and variables are shown; only /vars and /quit apply there.

Exit codes: 0 the session ended (/quit or end of input), 2 usage error, or a file that cannot be read or is not a
pathway, or (--live) no API key, a version the service lacks, a network error.

Examples:
  $ pathway chat pathways/appointment-booking.json
  $ printf 'I want to book\\n/vars\\n/quit\\n' | pathway chat pathways/appointment-booking.json --no-color
  $ pathway chat pathways/appointment-booking.json --live --pathway-version draft`,
    )
    .action(async (pathwayArg: string, options: ChatOptions) => {
      const variables = options.requestData === undefined ? {} : parseRequestData(options.requestData);
      if (options.live) return runLiveChat(io, pathwayArg, options, variables);
      if (options.pathwayVersion !== undefined || options.pathwayId !== undefined)
        throw new ExitError(
          EXIT.failure,
          `${options.pathwayId !== undefined ? "--pathway-id" : "--pathway-version"} names the remote pathway a live chat talks to: add --live.`,
        );
      const session = await openChat(io.host, pathwayArg, { ...options, variables });
      const machine: Simulator = session.simulator;
      const c = pc.createColors(useColor(options.color, io));
      const interactive = (io.stdin as { isTTY?: boolean }).isTTY === true;
      const write = (s: string) => io.stdout.write(`${s}\n`);
      // Everything that came from the pathway or the caller is escaped: a node name cannot clear the screen.
      const clip = (s: string) => escapeTerminalText(options.full || s.length <= 300 ? s : `${s.slice(0, 299)}…`);
      const nodeLabel = (id: string | undefined) => {
        const name = id === undefined ? undefined : sim.getSimNodeName(machine.nodes.get(id));
        return escapeTerminalText(name ? `${name} (id ${id})` : `id ${id ?? "-"}`);
      };
      const candidates = (state: SimState) => getChatChoices(session, state);
      const show = (state: SimState, from: number) => {
        for (const line of toChatLines(state.trace.slice(from), { c, clip, nodeLabel, live: options.liveWebhooks === true })) write(line);
        if (state.status === "active") {
          const n = candidates(state).length;
          write(c.dim(`  ${toCount(n, "choice")} here (/edges to list)`));
        }
      };
      const history: SimState[] = [session.initial];
      write(
        c.dim(
          `Chatting with ${path.basename(pathwayArg)} (decider: ${session.deciderName}${options.liveWebhooks ? ", live webhooks" : ", webhooks answer 200"}). /help for commands.`,
        ),
      );
      show(history[0]!, 0);
      const rl = createInterface({ input: io.stdin, ...(interactive && { output: io.stdout }), terminal: interactive });
      // Ctrl-C leaves like /quit (readline would otherwise only pause).
      rl.on("SIGINT", () => rl.close());
      const prompt = () => {
        if (interactive) io.stdout.write(c.green("you> "));
      };
      prompt();
      const turn = async (user: string, take?: string) => {
        const state = history[history.length - 1]!;
        const result = await takeChatTurn(session, state, user, take);
        if ("refusal" in result) {
          write(c.yellow(escapeTerminalText(result.refusal)));
          return;
        }
        history.push(result.next);
        show(result.next, state.trace.length + 1);
      };
      for await (const raw of rl) {
        const line = raw.trim();
        if (!interactive && line !== "") write(`${c.green("you>")} ${line}`);
        const state = history[history.length - 1]!;
        if (line === "") {
          // Nothing typed: nothing to do.
        } else if (line === "/quit" || line === "/exit") break;
        else if (line === "/help") write(HELP);
        else if (line === "/vars")
          write(
            escapeTerminalText(
              JSON.stringify(
                state.variables,
                (k, v: unknown) => (k === "prevNodePrompt" && typeof v === "string" && !options.full && v.length > 300 ? `${v.slice(0, 299)}…` : v),
                2,
              ),
            ),
          );
        else if (line === "/edges") {
          const list = candidates(state);
          if (list.length === 0) write("  no choices here");
          list.forEach((cand, i) => write(`  ${i + 1}. ${escapeTerminalText(sim.describeCandidate(cand))}`));
        } else if (line === "/back") {
          if (history.length > 1) {
            history.pop();
            write(c.dim(`back at ${nodeLabel(history[history.length - 1]!.nodeId)}`));
          } else write(c.dim("already at the start"));
        } else if (line.startsWith("/take")) {
          const ref = line.slice(5).trim();
          if (ref === "") write(c.yellow("usage: /take <n|edge id|label|node name>"));
          else await turn(`(take ${ref})`, toTakeRef(candidates(state), ref));
        } else if (line.startsWith("/")) write(c.yellow(`unknown command ${line.split(" ")[0]}; /help lists them`));
        else await turn(line);
        prompt();
      }
      rl.close();
      if (interactive) io.stdout.write("\n");
    });
}
