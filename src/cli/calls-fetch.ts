// `pathway calls fetch`: flags -> fetchCalls (one JSON file per call, atomically) -> a line per call -> exit code.
import { toCount } from "../escape/count.js";
import { toJsonText } from "../escape/json.js";
import type { Command } from "commander";
import { fetchCalls } from "../engine/calls/fetch.js";
import { escapeTerminalLine } from "../escape/terminal.js";
import { EXIT } from "./exit.js";
import type { CliIo } from "./io.js";
import { option } from "./options/index.js";
import { addRemoteOptions, toRemoteOptions, type RemoteFlags } from "./remote-options.js";

interface FetchFlags extends RemoteFlags {
  output: string;
  since?: string;
  pathwayId?: string;
  mask?: boolean;
  events?: boolean;
  maxCalls: number;
  format: "text" | "json";
}

/** Registers `pathway calls fetch` under `pathway calls`. */
export function registerCallsFetch(calls: Command, io: CliIo): void {
  const command = calls
    .command("fetch")
    .description("download call records (GET /v1/calls/{id}, or the list of calls page by page) into one JSON file per call")
    .argument("[ids...]", "call ids to download (default: the list of calls, newest pages first as the service gives them)")
    .addOption(option("output", { writes: "<call_id>.json files into this directory, each atomically", value: "dir", required: true }))
    .addOption(option("since"))
    .addOption(option("pathwayId", { so: "only its calls are kept (others are skipped and listed)", default: false }))
    .addOption(option("mask"))
    .addOption(option("events"))
    .addOption(option("maxCalls", { for: "fetch" }))
    .addOption(option("concurrency", { of: "downloads" }))
    .addOption(option("format", { formats: ["text", "json"] }));
  addRemoteOptions(command).addHelpText(
    "after",
    `
Needs PATHWAYKIT_API_KEY (sent raw in the authorization header; never printed). The list answer is read as real
clients read it ({calls: [...], total_count} or count), paged with from/to offsets; whether to is inclusive is not
documented, so calls already seen are dropped and a page with nothing new ends the list. Every command that takes
calls (calls stats, replay, scenarios from-call) reads these files, and anything it derives from them is masked.
With --events, each pathway call's v2 event trace (GET /v1/pathway_calls/{id}?v=2: transitions with the variables
they changed, webhooks with their answers) goes into its file as pathway_events, and is read in place of
pathway_logs; a call whose trace cannot be read fails (exit 1) and its file is not written.

A call id of letters, digits and - (a uuid) is its own file name; any other character is written as %XX (a/b ->
a%2Fb.json, a.b stays a.b.json), so two calls never share a file and the name gives the id back. A file already
there that holds another call's record (written by an older version, which named a/b, a:b and a_b alike) is never
overwritten: that call fails, and the message says which file to rename. calls listen names files alike.

Exit codes: 0 every call written, 1 some calls could not be read or written (the others are written), 2 usage error,
no API key, or the list could not be read.

Examples:
  $ pathway calls fetch 4c150427-fb1e-4dd1-a44d-4f25b24361b0 -o calls/
  $ pathway calls fetch --since 2025-06-01 --pathway-id pw-123 --mask -o calls/
  $ pathway calls fetch 4c150427-fb1e-4dd1-a44d-4f25b24361b0 --events -o calls/`,
  );
  command.action(async (ids: string[], flags: FetchFlags) => {
    const { output, since, pathwayId, mask, events, maxCalls, format, ...remote } = flags;
    const result = await fetchCalls(io.host, {
      output,
      ids,
      ...(since ? { since } : {}),
      ...(pathwayId ? { pathwayId } : {}),
      mask: mask === true,
      events: events === true,
      maxCalls,
      remote: toRemoteOptions(remote, io),
    });
    if (format === "json") io.stdout.write(toJsonText(result));
    else {
      for (const w of result.written) io.stdout.write(`wrote ${escapeTerminalLine(w.file)}\n`);
      for (const s of result.skipped) io.stdout.write(`skipped ${escapeTerminalLine(`${s.callId}: ${s.reason}`)}\n`);
      for (const f of result.failed) io.stdout.write(`failed ${escapeTerminalLine(`${f.callId}: ${f.error.message}`)}\n`);
      io.stdout.write(`${toCount(result.written.length, "call")} written${result.failed.length > 0 ? `, ${result.failed.length} failed` : ""}\n`);
    }
    io.setExitCode(result.failed.length > 0 ? EXIT.findings : EXIT.ok);
  });
}
