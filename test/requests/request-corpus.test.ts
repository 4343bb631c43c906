// `pathway check-request` on the real request bodies of the shared corpus: every finding listed, each with why it is right.
import { copyFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../support/cli.js";
import { CORPUS_DIR, hasRequestCorpus, REQUEST_CORPUS_DIR } from "../support/corpus-dir.js";
import { runMain } from "../support/run-main.js";

const describeRequests: ReturnType<typeof describe.skipIf> = describe.skipIf(!hasRequestCorpus);

type Expected = { finding: string; reason: string };
const f = (finding: string, reason: string): Expected => ({ finding, reason });

const LEGACY_VOICE_ID = "seed part 9: voice_id is superseded by voice (a warning: the service still reads it)";
const LEGACY_LATENCY = "seed 4.1 and part 9: reduce_latency is legacy and may override voice";
const REAL_CLIENT = "not in the seed, and sent by this real client: a note (info), never a warning, so --max-warnings 0 passes";
const NOT_SET_BEFORE = "no node of the pathway sets it on any path before this read, and the body has no request_data";

/** Every finding per body, as `rule pointer line:column` (and ` {{name}}` for the variable rules), in report order. */
const expected: Record<string, Expected[]> = {
  "ivr-transfer-list.call.request.json": [
    f("unsupported-language /language 6:15", 'seed 4.1 lists the languages; "eng" is not one (the ISO 639-2 code; the seed writes "en")'),
    f("undocumented-request-field /voice_settings 8:21", REAL_CLIENT),
    f("undocumented-request-field /local_dialing 9:20", REAL_CLIENT),
    f("undocumented-request-field /amd 14:10", REAL_CLIENT),
    // from, temperature, start_time and webhook are null: unset, as real clients write it; no finding.
  ],
  // A pathway call with a 10-digit number and nothing else: the number works but is discouraged.
  "patient-call.call.request.json": [
    f("phone-number-not-e164 /phone_number 2:21", "seed 4.1: 10 digits without a country code are dialled as +1, but E.164 is asked for"),
  ],
  // {{business}} and the rest are filled by every call_data row: no finding about them.
  "renewal-reminder.batch.request.json": [
    f("deprecated-voice-field /voice_id 18:15", LEGACY_VOICE_ID),
    f("deprecated-voice-field /reduce_latency 20:21", LEGACY_LATENCY),
  ],
  "restaurant-booking.call.request.json": [
    f("phone-number-not-e164 /phone_number 2:19", "seed 4.1: spaces, parentheses and no country code are accepted but discouraged"),
    f("deprecated-voice-field /voice_id 4:15", LEGACY_VOICE_ID),
    f("deprecated-voice-field /reduce_latency 5:21", LEGACY_LATENCY),
  ],
};

/**
 * patient-call is a pathway call with no request_data; SOURCES.md pairs no pathway with it, so it is checked against the
 * no-show rebooking export (the lint corpus test justifies the same reads as undefined-variable and maybe-unset-variable).
 */
const NOSHOW: Expected[] = [
  f("maybe-missing-request-variable  1:1 {{location}}", "set only by webhook 6c; the global logistics node can be entered from the greeting, before it"),
  f("maybe-missing-request-variable  1:1 {{needs_ride_help}}", 'set only at "4. Address a barrier"; Greeting > Verify > 2a > 3 > 4b > 5 > 6 > 6c skips it'),
  f(
    "maybe-missing-request-variable  1:1 {{pickup_time}}",
    'set only by the ride webhook 7b; ... > 6c > "7. Confirm and prep" skips it (the prompt says "If {{pickup_time}} is filled in")',
  ),
  f("missing-request-variable  1:1 {{appointment_type}}", NOT_SET_BEFORE),
  f("missing-request-variable  1:1 {{missed_date}}", NOT_SET_BEFORE),
  f("missing-request-variable  1:1 {{patient_first_name}}", NOT_SET_BEFORE),
  f("missing-request-variable  1:1 {{patient_id}}", NOT_SET_BEFORE),
  f("missing-request-variable  1:1 {{provider_name}}", NOT_SET_BEFORE),
  f("missing-request-variable  1:1 {{telehealth_ok}}", NOT_SET_BEFORE),
  f("missing-request-variable  1:1 {{worklist_id}}", NOT_SET_BEFORE),
  f("phone-number-not-e164 /phone_number 2:21", "as without the pathway"),
];

interface Message {
  ruleId: string;
  severity: string;
  pointer: string;
  line: number;
  column: number;
  message: string;
}

function key(m: Message): string {
  const variable = m.ruleId.endsWith("request-variable") ? ` ${/\{\{[^}]+\}\}/.exec(m.message)![0]}` : "";
  return `${m.ruleId} ${m.pointer} ${m.line}:${m.column}${variable}`;
}

let dir: string;
const check = async (args: string[]) => {
  const result = await runMain(["check-request", ...args, "--format", "json"], { cwd: dir });
  const report = JSON.parse(result.stdout) as { messages: Message[] }[];
  return { code: result.code, messages: report.flatMap((r) => r.messages) };
};

describeRequests("check-request on the real request bodies", () => {
  beforeAll(() => {
    // A project of its own holding copies: the command reads nothing outside the folder it checks.
    dir = tempDir("pathwaykit-request-corpus-");
    for (const name of readdirSync(REQUEST_CORPUS_DIR).filter((n) => n.endsWith(".json")))
      copyFileSync(path.join(REQUEST_CORPUS_DIR, name), path.join(dir, name));
    copyFileSync(path.join(CORPUS_DIR, "noshow-rebooking-v1-export.json"), path.join(dir, "noshow.json"));
  });

  it("covers every body of the corpus", () => {
    expect(
      readdirSync(REQUEST_CORPUS_DIR)
        .filter((n) => n.endsWith(".json"))
        .sort(),
    ).toEqual(Object.keys(expected).sort());
  });

  for (const [name, findings] of Object.entries(expected)) {
    it(`${name}: exactly the listed findings, none at error level but the justified ones`, async () => {
      const { messages } = await check([name]);
      expect(messages.map(key)).toEqual(findings.map((e) => e.finding));
      for (const m of messages) expect(m.message, m.message).not.toMatch(/service ignores/);
    });
  }

  it("the fields this real client sends are notes, so they count against no --max-warnings", async () => {
    const { messages } = await check(["ivr-transfer-list.call.request.json", "--max-warnings", "0"]);
    const notes = messages.filter((m) => m.ruleId === "undocumented-request-field");
    expect(notes.map((m) => m.severity)).toEqual(["info", "info", "info"]);
    expect(notes[0]!.message).toContain("seen in real clients: iamdastani/Ai-Gemini-Python");
  });

  it("patient-call with the no-show rebooking pathway: {{pickup_time}} is maybe-unset, with the lint's wording", async () => {
    const { code, messages } = await check(["patient-call.call.request.json", "--pathway", "noshow.json"]);
    expect(code).toBe(1);
    expect(messages.map(key)).toEqual(NOSHOW.map((e) => e.finding));
    const pickup = messages.find((m) => m.message.startsWith("{{pickup_time}}"))!;
    expect(pickup).toMatchObject({ ruleId: "maybe-missing-request-variable" });
    expect(pickup.message).toContain(
      '{{pickup_time}} in the prompt of node "7. Confirm and prep" (id confirm) may be unset: some path from the start reaches this node without passing a node that sets it',
    );
    expect(pickup.message).not.toContain("before any node sets it");
  });
});
