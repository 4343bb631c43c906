// `pathway calls listen`: flags -> startCallListener on loopback -> one line per call until --max-calls or Ctrl-C.
import { toCount } from "../escape/count.js";
import { Option, type Command } from "commander";
import { startCallListener } from "../engine/calls-listen.js";
import { escapeTerminalLine } from "../escape/terminal.js";
import { parseByteSize } from "./byte-size.js";
import { parseWholeNumber } from "./check-files.js";
import { EXIT } from "./exit.js";
import type { CliIo } from "./io.js";

interface ListenFlags {
  port: number;
  output: string;
  maxBody?: number;
  maxCalls: number;
}

/** Registers `pathway calls listen` under `pathway calls`. */
export function registerCallsListen(calls: Command, io: CliIo): void {
  calls
    .command("listen")
    .description("receive call-end webhook POSTs on 127.0.0.1 and write each call record to a file, atomically")
    .addOption(new Option("--port <n>", "port on 127.0.0.1 (0: a free one, printed)").argParser(parseWholeNumber(0, 65_535)).default(8787))
    .requiredOption("-o, --output <dir>", "directory to write <call_id>.json files into")
    .addOption(new Option("--max-body <size>", "largest body accepted (default 16MB); larger ones are answered 413").argParser(parseByteSize))
    .addOption(new Option("--max-calls <n>", "stop after this many records").argParser(parseWholeNumber(1, 10_000_000)).default(10_000))
    .addHelpText(
      "after",
      `
Listens on 127.0.0.1 only: point a tunnel you control at it, or run it beside the service that forwards webhooks.
Only POSTs with a JSON body that is a call record (call_id or c_id) are written; others are answered 4xx and said on
stderr. Webhook signatures are not documented by the service, so none is checked: keep the port private.
Prints one line per call (its id and file; no number or transcript).

Exit codes: 0 stopped (Ctrl-C, or --max-calls records received), 2 usage error or the port cannot be opened.

Examples:
  $ pathway calls listen --port 8787 -o calls/
  $ pathway calls listen --port 0 --max-calls 100 -o calls/ && pathway calls stats calls/ --pathway pathways/appointment-booking.json`,
    )
    .action(async (flags: ListenFlags) => {
      const listener = await startCallListener(io.host, {
        port: flags.port,
        output: flags.output,
        maxCalls: flags.maxCalls,
        ...(flags.maxBody !== undefined && { maxBodyBytes: flags.maxBody }),
        onEvent: (event) => {
          if (event.type === "written") io.stdout.write(`received ${escapeTerminalLine(event.callId)} -> ${escapeTerminalLine(event.file)}\n`);
          else io.stderr.write(`pathway: refused a request (${event.status}): ${escapeTerminalLine(event.reason)}\n`);
        },
      });
      io.stdout.write(`listening on ${listener.url} (POST call-end webhooks here; Ctrl-C stops)\n`);
      const stop = () => void listener.close();
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
      const count = await listener.closed;
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      io.stdout.write(`stopped after ${toCount(count, "call")}\n`);
      io.setExitCode(EXIT.ok);
    });
}
