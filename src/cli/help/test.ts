// What `pathway test --help` says after the options: each kind of run, their bounds, the exit codes and examples.
import { WATCH_HELP } from "../watch.js";

/** The help text after `pathway test`'s options. */
export const TEST_HELP = `
Each scenario names its pathway (relative to the scenario file), gives the caller's turns and what to expect.
A failure shows the expected and actual values and the trace up to that point.

Live runs (--live) send each turn's user text to the service's chat with the remote pathway and check the same
expectations against its answers: said (assistant responses), node (current node, resolved through the local file),
vars, ended (completed); take: asserts that the live agent moved along that edge. Models vary: --repeat 5 runs each
scenario five times and reports its pass rate and paths; --min-pass-rate 0.8 passes a scenario at 80%.
--pathway-version tests a saved version before it is live: the chat is started with its pathway_version (draft:
the version \`pathway push --draft\` recorded in pathwaykit.manifest.json; production: no pathway_version, as the
chat's default; staging: the version the service reports in staging). The report (and JUnit properties
pathwayVersion, pathwayHash) names the version tested and the sha256 of its content.

Persona scenarios (persona: instead of turns:) are played by models you bring: --caller-model plays the caller
turn by turn until the call ends, it answers [END], or max_turns; offline --agent-model plays the agent from each
node's text or prompt (and routes), live the service's chat does. Each judge criterion is asked of --judge-model in
its own request; a failed judge fails the scenario. Models are <provider>:<model>: openai (any OpenAI-compatible
endpoint: OPENAI_BASE_URL, OPENAI_API_KEY) or anthropic (ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY); defaults may be
set in pathway.config.json ("models"). Keys are never printed or written. --record <dir> keeps every model exchange,
--replay <dir> answers from it with no network: a request it does not hold (a changed pathway or scenario) makes
that scenario "could not run". --max-turns, --model-timeout and --token-budget bound every run.

Server runs (--server) run the persona scenarios pushed with \`pathway scenarios push\` on the service's Agent
Testing instead: one batch per pathway (POST /v1/agent-testing/batch-run, with --pathway-version's number as
version_number; production sends none), read back until it ends (first after --poll-interval, then each wait 1.5
times the last, up to 30s; --max-wait bounds it; Ctrl-C stops waiting), reported per scenario and assertion. A scenario not pushed, or changed since
(the service would run its copy, not the file), could not run. --repeat n runs a simulation set instead
(simulations_per_scenario n): each scenario's pass rate is checked against --min-pass-rate. --explain asks the
service to analyse each run that did not pass and shows its suggestions beside the node they name.

${WATCH_HELP} With --watch, coverage is of the scenarios each run ran.
With --watch, persona scenarios are played only with --replay (a save never calls a model).

Exit codes: 0 all scenarios passed, 1 a scenario (or a judge) failed or coverage is below --min-coverage,
2 usage error, or a scenario (or its pathway) could not be read or is invalid, or its live chat could not start
(including a --pathway-version the service does not have, or a draft the manifest does not record), or a persona
run could not be played (a model not named, a key missing or refused, a request no recording holds, the token
budget spent); with --server, 1 when the service says a scenario failed or errored, 2 when one was not pushed,
changed since, cancelled, or not finished when pathwaykit stopped waiting; with --watch, 0 when stopped with Ctrl-C.

Examples:
  $ pathway test pathways/scenarios/
  $ pathway test --coverage --min-coverage nodes=90,edges=80
  $ pathway test "test/**/*.scenario.yaml" --format junit -o reports/pathways.xml
  $ pathway test booking.scenario.yaml --format json | jq '.results[0].trace'
  $ PATHWAYKIT_API_KEY=... pathway test scenarios/ --live --repeat 3 --min-pass-rate 0.66
  $ pathway test booking.scenario.yaml --compare --pathway-id 3f1c...
  $ pathway test scenarios/ --live --pathway-version draft --format junit -o reports/live.xml
  $ pathway test pathways/scenarios/ --watch
  $ pathway test personas/ --caller-model openai:gpt-4o-mini --agent-model openai:gpt-4o-mini --record recordings/
  $ pathway test personas/ --replay recordings/ -f junit -o reports/personas.xml
  $ pathway test personas/ --live --caller-model anthropic:claude-haiku-4-5 --repeat 5 --min-pass-rate 0.8
  $ pathway test personas/ --server --pathway-version draft --explain
  $ pathway test personas/ --server --repeat 10 --min-pass-rate 0.9 -f junit -o reports/service.xml`;
