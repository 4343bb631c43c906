// `pathway check-request`: checks the bodies of POST /v1/calls, /v1/batches, /v1/inbound/{number} and /v1/inbound/purchase.
import { Option, type Command } from "commander";
import { checkRequests } from "../../engine/check-requests.js";
import { REQUEST_KINDS, requestRuleMetas, type RequestKind } from "../../requests/index.js";
import { documentRuleMetas } from "../../validate/index.js";
import { addCheckOptions, checkFiles, parseWholeNumber, type CheckCommandOptions } from "../check-files.js";
import type { CliIo } from "../io.js";
import { createRequestHost } from "../request-host.js";
import { parseRuleFlags } from "../rule-flags.js";

interface CheckRequestOptions extends CheckCommandOptions {
  kind?: RequestKind;
  pathway?: string;
  rule?: string[];
  baseUrl?: string;
  timeout?: number;
}

/** Registers `pathway check-request` on the program. */
export function register(program: Command, io: CliIo): void {
  addCheckOptions(
    program
      .command("check-request")
      .description("check API request bodies (calls, batches, inbound numbers, purchases) against the API and the pathway they use")
      .argument("[inputs...]", "request files (JSON or YAML), directories, globs, or - for stdin"),
  )
    .addOption(new Option("--kind <kind>", "the request kind (default: from the file name <name>.<kind>.json, else from its fields)").choices([...REQUEST_KINDS]))
    .option("--pathway <file|remote:id>", "the pathway the requests use (default: the pathwaykit.manifest.json entry whose id is the body's pathway_id)")
    .option("--rule <id:severity...>", "override a rule's severity, e.g. unused-request-data:off")
    .option("--base-url <url>", "API root for remote:<id> (default: $PATHWAYKIT_BASE_URL, the manifest's baseUrl, or https://api.bland.ai)")
    .addOption(new Option("--timeout <ms>", "per-attempt timeout for remote:<id>, in milliseconds").argParser(parseWholeNumber(1)).default(30000))
    .addHelpText(
      "after",
      `
Kinds: call (POST /v1/calls), batch (POST /v1/batches), inbound (POST /v1/inbound/{phone_number}; the file may keep
the number as "phone_number"), purchase (POST /v1/inbound/purchase). With a pathway the start node and the variables
the pathway reads are checked too. Editor completion: schemas/<kind>-request.schema.json.

Exit codes: 0 no errors, 1 errors (or more warnings than --max-warnings), 2 usage error, unreadable file, a file that
is not a request, or a pathway that does not load.

Examples:
  $ pathway check-request requests/
  $ pathway check-request call.json --pathway pathways/booking.json
  $ pathway check-request campaign.batch.yaml --pathway remote:4a9e... --format sarif > requests.sarif
  $ echo '{"phone_number": "+14155550123", "task": "Hi"}' | pathway check-request - --kind call`,
    )
    .action(async (inputs: string[], options: CheckRequestOptions) => {
      const metas = [...requestRuleMetas, ...documentRuleMetas];
      const rules = parseRuleFlags(options.rule, new Set(requestRuleMetas.map((m) => m.id)));
      const host = createRequestHost(io, { cwd: io.cwd, baseUrl: options.baseUrl, timeoutMs: options.timeout });
      const code = await checkFiles(
        inputs,
        { ...options, extensions: [".json", ".yaml", ".yml"] },
        io,
        async (input) => (await checkRequests([input], { kind: options.kind, pathway: options.pathway, rules, host }))[0]!,
        metas,
      );
      io.setExitCode(code);
    });
}
