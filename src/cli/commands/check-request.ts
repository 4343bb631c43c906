// `pathway check-request`: flags -> checkRequestFiles -> findings report -> exit code.
import type { Command } from "commander";
import { checkRequestFiles } from "../../engine/check/check-requests.js";
import { ruleCatalogue as catalogue } from "../../engine/check/rule-catalogue-full.js"; // loaded with the command: it runs these rules anyway, and its flags list them when registered
import type { RequestKind } from "../../requests/models.js";
import { parseRuleFlags } from "../../engine/check/rule-flags.js";
import { addCheckOptions, inputsOrWorkingDirectory, reportFindings, type CheckCommandOptions } from "../check-files.js";
import type { CliIo } from "../io.js";
import { option } from "../options/index.js";
import { addRemoteOptions, toRemoteOptions, type RemoteFlags } from "../remote-options.js";

interface CheckRequestCommandOptions extends CheckCommandOptions, RemoteFlags {
  kind?: RequestKind;
  pathway?: string;
  rule?: string[];
  config?: string;
}

/** Registers `pathway check-request` on the program. */
export function register(program: Command, io: CliIo): void {
  const command = addCheckOptions(
    program
      .command("check-request")
      .description("check API request bodies (calls, batches, inbound numbers, purchases) against the API and the pathway they use")
      .argument(
        "[inputs...]",
        "request files (JSON or YAML), directories (searched for *.request.json|yaml|yml), globs, or - for stdin; default: the working directory",
      ),
  )
    .addOption(option("kind", { kinds: catalogue.requestKinds }))
    .addOption(option("pathway", { is: "the requests use", remote: true, default: "the pathwaykit.manifest.json entry whose id is the body's pathway_id" }))
    .addOption(option("rule", { rules: catalogue.request, example: "unused-request-data" }))
    .addOption(option("config"));
  addRemoteOptions(command).addHelpText(
    "after",
    `
Kinds: call (POST /v1/calls), batch (POST /v1/batches), inbound (POST /v1/inbound/{phone_number}; the file may keep
the number as "phone_number"), purchase (POST /v1/inbound/purchase), batch-v2 (POST /v2/batches/create: "global" and
"call_objects"; each call object over global is checked as a POST /v1/calls body, reading the call object's own field
first, since how the two combine is not documented). With the pathway a request uses, its start node and the
variables the pathway reads are checked too. Editor completion: schemas/<kind>-request.schema.json.
Severities come from the nearest pathway.config.json above each request file (or --config): its "rules" and the
"overrides" matching the file, as \`pathway lint\` applies them; --rule wins over both.

Exit codes: 0 no errors, 1 errors (or more warnings than --max-warnings), 2 usage error, unreadable file, a file that
is not a request, or a pathway that does not load.

Examples:
  $ pathway check-request requests/
  $ pathway check-request call.request.json --pathway pathways/booking.json
  $ pathway check-request campaign.batch.request.yaml --pathway remote:4a9e... --format sarif -o requests.sarif
  $ echo '{"phone_number": "+14155550123", "task": "Hi"}' | pathway check-request - --kind call`,
  );
  command.action(async (inputs: string[], options: CheckRequestCommandOptions) => {
    inputs = inputsOrWorkingDirectory(inputs);
    const rules = await parseRuleFlags(options.rule, new Set(catalogue.request.map((m) => m.id)));
    const results = await checkRequestFiles(io.host, inputs, {
      kind: options.kind,
      pathway: options.pathway,
      rules,
      config: options.config,
      ignore: options.ignorePattern,
      remote: toRemoteOptions(options, io),
    });
    io.setExitCode(await reportFindings(results, options, io, [...catalogue.request, ...catalogue.document]));
  });
}
