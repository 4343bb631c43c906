// `pathway calls listen`: flags -> startCallListener on loopback -> one line per call until --max-calls or Ctrl-C.
import { toCount } from "../escape/count.js";
import type { Command } from "commander";
import { CALL_LISTENER_DEFAULTS, startCallListener } from "../engine/calls/listen.js";
import { DEFAULT_SECRET_HEADER, MIN_SECRET_LENGTH } from "../engine/http/shared-secret.js";
import { escapeTerminalLine } from "../escape/terminal.js";
import { EXIT, ExitError } from "./exit.js";
import type { CliIo } from "./io.js";
import { option } from "./options/index.js";
import { WEBHOOK_SECRET_ENV } from "./options/runs.js";

interface ListenFlags {
  port: number;
  output: string;
  maxBody?: number;
  maxCalls: number;
  maxConnections: number;
  maxInFlight: number;
  timeout: number;
  allowHost: string[];
  secret?: string;
  secretHeader: string;
}

const MIB = 1024 * 1024;
const D = CALL_LISTENER_DEFAULTS;

/** The secret from --secret, else the environment; a short one is a usage error, and the message never holds it. */
function resolveSecret(flag: string | undefined, io: CliIo): string | undefined {
  const fromEnv = io.env[WEBHOOK_SECRET_ENV];
  const secret = flag ?? (fromEnv === undefined || fromEnv === "" ? undefined : fromEnv);
  if (secret !== undefined && secret.length < MIN_SECRET_LENGTH) {
    const where = flag === undefined ? WEBHOOK_SECRET_ENV : "--secret";
    throw new ExitError(
      EXIT.failure,
      `${where} is ${secret.length} characters long; use at least ${MIN_SECRET_LENGTH} random ones (e.g. from \`openssl rand -hex 32\`), since nothing slows down a client that guesses.`,
    );
  }
  return secret;
}

const HELP = `
Listens on 127.0.0.1 only: point a tunnel you control at it, or run it beside the service that forwards webhooks.
Only POSTs with a JSON body that is a call record (call_id or c_id) are written, each to <call_id>.json named as
\`calls fetch\` names it (a/b -> a%2Fb.json); a file there that holds another call's record is never overwritten
(answered 409). Other requests are answered 4xx, and each refusal is one line on stderr.

It keeps serving whatever clients send or fail to send. A request that is reset, closed part way, or too slow is
dropped and said on stderr (one line), and the next one is served. Limits, with their defaults:
  --max-connections ${D.maxConnections}   connections at once; more are closed as they arrive, unanswered. The service
                         sends one webhook per call as it ends: a few at once, a batch ending a few dozen.
  --max-in-flight ${D.maxBytesInFlight / MIB}MB   bytes of bodies read and held at once (four of the largest --max-body), so many
                         large or slow requests cannot take the memory; past it a request is answered 503
                         with Retry-After. Memory stays near this plus what parsing the bodies takes.
  --timeout ${D.timeoutMs / 1000}s          to send the headers, and between bytes of a body; ${D.requestTimeoutMs / 1000}s for a whole request.
A call whose webhook was lost can be read later with \`pathway calls fetch <call_id>\`.

Who may post: a request whose Host is not 127.0.0.1:<port> or localhost:<port> is refused (403), as \`report
--serve\` refuses it: a web page that resolves its own name to 127.0.0.1 (DNS rebinding) could otherwise write
call records. A request that carries another site's Origin is refused too. Tunnels forward the public Host: have the
tunnel rewrite it to 127.0.0.1:<port>, or name the public host with --allow-host.

The service's API reference documents no signature or authentication for webhook requests (the call-end webhook is
a POST of the GET /v1/calls/{call_id} record to the URL given as \`webhook\`), so none can be verified here. What can
be checked is a secret your own forwarder adds: have it accept only the webhooks it trusts (e.g. those sent to an
unguessable URL) and add a header holding a shared secret, and give the same secret here, in
${WEBHOOK_SECRET_ENV} (kept out of shell history and the process list) or --secret (at least
${MIN_SECRET_LENGTH} characters). Requests without it are answered 401, so other local users and programs cannot
post. The header is ${DEFAULT_SECRET_HEADER} unless --secret-header names another; the secret is compared in
constant time and never printed.

Prints one line per call (its id and file; no number or transcript).

Exit codes: 0 stopped (Ctrl-C, or --max-calls records received), 2 usage error or the port cannot be opened.

Examples:
  $ pathway calls listen --port 8787 -o calls/
  $ PATHWAYKIT_WEBHOOK_SECRET=$(cat ~/.webhook-secret) pathway calls listen --allow-host abc.example.app -o calls/
  $ pathway calls listen --port 0 --max-calls 100 -o calls/ && pathway calls stats calls/ --pathway pathways/appointment-booking.json`;

/** Registers `pathway calls listen` under `pathway calls`. */
export function registerCallsListen(calls: Command, io: CliIo): void {
  calls
    .command("listen")
    .description("receive call-end webhook POSTs on 127.0.0.1 and write each call record to a file, atomically")
    .addOption(option("port", { for: "listen" }))
    .addOption(option("output", { writes: "<call_id>.json files into this directory, each atomically", value: "dir", required: true }))
    .addOption(option("maxBody"))
    .addOption(option("maxCalls", { for: "listen" }))
    .addOption(option("maxConnections"))
    .addOption(option("maxInFlight"))
    .addOption(option("timeout", { of: "listen" }))
    .addOption(option("allowHost"))
    .addOption(option("secret"))
    .addOption(option("secretHeader"))
    .addHelpText("after", HELP)
    .action(async (flags: ListenFlags) => {
      const secret = resolveSecret(flags.secret, io);
      const listener = await startCallListener(io.host, {
        port: flags.port,
        output: flags.output,
        maxCalls: flags.maxCalls,
        maxConnections: flags.maxConnections,
        maxBytesInFlight: flags.maxInFlight,
        timeoutMs: flags.timeout,
        allowedHosts: flags.allowHost,
        ...(flags.maxBody !== undefined && { maxBodyBytes: flags.maxBody }),
        ...(secret !== undefined && { secret, secretHeader: flags.secretHeader }),
        onEvent: (event) => {
          if (event.type === "written") io.stdout.write(`received ${escapeTerminalLine(event.callId)} -> ${escapeTerminalLine(event.file)}\n`);
          else if (event.type === "refused") io.stderr.write(`pathway: refused a request (${event.status}): ${escapeTerminalLine(event.reason)}\n`);
          else io.stderr.write(`pathway: dropped a connection: ${escapeTerminalLine(event.reason)}\n`);
        },
      });
      const guarded = secret === undefined ? "" : `; requests need the ${flags.secretHeader} header`;
      io.stdout.write(`listening on ${listener.url} (POST call-end webhooks here${guarded}; Ctrl-C stops)\n`);
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
