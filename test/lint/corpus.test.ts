// The findings each real pathway file deserves, each variable and flow finding with why it is right, and that linting
// any real file never throws and stays deterministic.
import { expect, it } from "vitest";
import { getReachability, getTraps } from "../../src/graph/index.js";
import { lintPathway, lintRules } from "../../src/lint/index.js";
import type { Diagnostic } from "../../src/diagnostics/index.js";
import type { Pathway } from "../../src/model/index.js";
import { corpusFiles, describeCorpus, parseableCorpus, readCorpus } from "../support/corpus.js";

const lintRuleIds = new Set(lintRules.map((r) => r.meta.id));
/** Rules about flow: their findings change when the one flow model lands (marked so that merge is easy to review). */
const FLOW_RULES = new Set(["dead-end", "global-never-returns", "trap-cycle", "unreachable-node"]);

/** A finding as `rule pointer line:column`, plus ` {{name}}` for the rules about one variable use. */
function key(d: Diagnostic): string {
  const variable = d.ruleId.endsWith("-variable") && d.ruleId !== "unused-extracted-variable" ? ` ${/\{\{[^}]+\}\}/.exec(d.message)![0]}` : "";
  return `${d.ruleId} ${d.pointer} ${d.range?.start.line}:${d.range?.start.column}${variable}`;
}

type Expected = { finding: string; reason: string; flow: boolean };
const f = (finding: string, reason: string): Expected => ({ finding, reason, flow: false });
/** A flow finding (dead-end, unreachable-node, trap-cycle): the `flow` helper's model may change it. */
const flow = (finding: string, reason: string): Expected => ({ finding, reason, flow: true });

// Reasons shared by many findings (each checked against the file: the name occurs nowhere else, or nowhere as a read).
const NEVER_SET =
  "no extractVars, webhook responseData, tool response_data or Custom Code key in the file has this name, and no config declares it as request_data";
const UNUSED = "extracted here, and no {{placeholder}}, route condition or webhook response route anywhere reads the name";
const LONG = "over the prompt length limit (not a variable or flow finding)";
const NO_DEFAULT_ROUTE = "responsePathways has no default entry and the node has no edge: an unmatched response leaves the call nowhere";
const DEAD_DEFAULT = "Default node reached by one edge, with no edge on and no exit: the conversation stops there";

// {{ restaurant_language }} in every node's globalPrompt is set nowhere (the example): one finding per node.
const RESTAURANT: Expected[] = [
  f("undefined-variable /nodes/0/data/globalPrompt 12:44 {{restaurant_language}}", NEVER_SET),
  f("undefined-variable /nodes/1/data/prompt 27:274 {{restaurant_menu}}", NEVER_SET),
  f("undefined-variable /nodes/1/data/globalPrompt 28:44 {{restaurant_language}}", NEVER_SET),
  f("undefined-variable /nodes/2/data/globalPrompt 44:44 {{restaurant_language}}", NEVER_SET),
  f("undefined-variable /nodes/3/data/globalPrompt 60:44 {{restaurant_language}}", NEVER_SET),
  f("undefined-variable /nodes/4/data/globalPrompt 89:44 {{restaurant_language}}", NEVER_SET),
  f("undefined-variable /nodes/5/data/prompt 104:180 {{store_location}}", NEVER_SET),
  f("undefined-variable /nodes/5/data/globalPrompt 105:44 {{restaurant_language}}", NEVER_SET),
  f("undefined-variable /nodes/6/data/body 119:48 {{unique_azz_id}}", NEVER_SET),
  f("undefined-variable /nodes/6/data/globalPrompt 124:44 {{restaurant_language}}", NEVER_SET),
  f("undefined-variable /nodes/7/data/globalPrompt 165:44 {{restaurant_language}}", NEVER_SET),
  f("undefined-variable /nodes/8/data/globalPrompt 181:44 {{restaurant_language}}", NEVER_SET),
  f("undefined-variable /nodes/9/data/kb 194:105 {{opening_hours}}", NEVER_SET),
  f("undefined-variable /nodes/9/data/kb 194:145 {{store_location}}", NEVER_SET),
  f("undefined-variable /nodes/9/data/kb 194:180 {{timezone}}", NEVER_SET),
  f("undefined-variable /nodes/9/data/kb 194:223 {{restaurant_menu}}", NEVER_SET),
  f("undefined-variable /nodes/9/data/prompt 197:794 {{restaurant_name}}", NEVER_SET),
  f("undefined-variable /nodes/9/data/globalPrompt 200:44 {{restaurant_language}}", NEVER_SET),
  f("undefined-variable /nodes/10/data/prompt 215:55 {{restaurant_name}}", NEVER_SET),
  f("undefined-variable /nodes/10/data/globalPrompt 216:44 {{restaurant_language}}", NEVER_SET),
  f("undefined-variable /nodes/11/data/prompt 231:96 {{restaurant_name}}", NEVER_SET),
  f("undefined-variable /nodes/11/data/globalPrompt 232:44 {{restaurant_language}}", NEVER_SET),
];

/** Every finding of the linter's own rules (validation findings are in test/validate/corpus.test.ts), in report order. */
const expected: Record<string, Expected[]> = {
  "docs-get-pathway-example.MALFORMED.json": [],
  "docs-get-pathway-version-example.json": [],
  "docs-update-pathway-example.MALFORMED.json": [],
  // Press Button digits come from {{variables}} nobody sets in the file (request_data of the claims bot).
  "ivr-claims-press-button.json": [
    flow("unreachable-node /nodes/1 24:5", "End Call node with no incoming edge and no route, press target or response route to it"),
    flow("unreachable-node /nodes/3 55:5", "Route node nothing points at: its own routes lead on, but no edge or target leads to it"),
    f("undefined-variable /nodes/4/data/digitPrompt 112:200 {{member_id}}", NEVER_SET),
    f("undefined-variable /nodes/5/data/sequence 137:22 {{provider_tin}}", NEVER_SET),
    f("undefined-variable /nodes/6/data/sequence 162:22 {{provider_npi}}", NEVER_SET),
    // No dead-end here any more: the stub has no way on either, but no call reaches it, so it strands no one.
    flow("unreachable-node /nodes/11 261:5", "an unconnected Press Button stub (name only): nothing leads to it, and it has no edge or targetNodeAfterPress"),
    flow("dead-end /nodes/12 272:5", "Press Button with goToNextNode false, no targetNodeAfterPress and no edge: after the digits the call has nowhere to go"),
    f("undefined-variable /nodes/12/data/sequence 277:22 {{claim_number}}", NEVER_SET),
    flow("unreachable-node /nodes/16 346:5", "an empty Transfer Call stub with no incoming edge"),
  ],
  "ivr-workaround-custom-code-sms.json": [
    f("unused-extracted-variable /nodes/1/data/extractVars/0/0 37:13", UNUSED),
    f("unused-extracted-variable /nodes/3/data/extractVars/0/0 94:13", UNUSED),
    f("unused-extracted-variable /nodes/3/data/extractVars/2/0 107:13", UNUSED),
    f("undefined-variable /nodes/4/data/prompt 137:1467 {{user_word_count}}", NEVER_SET),
    f("unused-extracted-variable /nodes/4/data/extractVars/1/0 147:13", UNUSED),
    f("unused-extracted-variable /nodes/4/data/extractVars/2/0 154:13", UNUSED),
    f("unused-extracted-variable /nodes/4/data/extractVars/3/0 161:13", UNUSED),
    f("prompt-too-long /nodes/5/data/prompt 220:19", LONG),
    f("unused-extracted-variable /nodes/5/data/extractVars/0/0 223:13", UNUSED),
    f("undefined-variable /nodes/6/data/prompt 391:521 {{last_user_response}}", NEVER_SET),
    f("unused-extracted-variable /nodes/6/data/extractVars/0/0 394:13", UNUSED),
    f("unused-extracted-variable /nodes/8/data/extractVars/0/0 654:13", UNUSED),
    f("prompt-too-long /nodes/10/data/prompt 1139:19", LONG),
    f("prompt-too-long /nodes/11/data/prompt 1172:19", LONG),
    f("prompt-too-long /nodes/12/data/prompt 1607:19", LONG),
    f(
      "maybe-unset-variable /nodes/12/data/prompt 1607:601 {{pain_story}}",
      'set only at " JARRING CONTACT VALIDATION"; Intro > Acceptability > Trust/Credibility Responses > the solution avoids it',
    ),
    f("prompt-too-long /nodes/13/data/prompt 1631:19", LONG),
    f("unused-extracted-variable /nodes/13/data/extractVars/0/0 1636:13", UNUSED),
    f("unused-extracted-variable /nodes/13/data/extractVars/1/0 1643:13", UNUSED),
    f("unused-extracted-variable /nodes/13/data/extractVars/2/0 1650:13", UNUSED),
    f("unused-extracted-variable /nodes/13/data/extractVars/3/0 1657:13", UNUSED),
    f("prompt-too-long /nodes/14/data/prompt 1687:19", LONG),
    f("prompt-too-long /nodes/15/data/prompt 1716:19", LONG),
    f("prompt-too-long /nodes/16/data/prompt 1851:19", LONG),
    f("unused-extracted-variable /nodes/17/data/extractVars/0/0 1874:13", UNUSED),
    f("prompt-too-long /nodes/18/data/prompt 2095:19", LONG),
    f("unused-extracted-variable /nodes/18/data/extractVars/0/0 2100:13", UNUSED),
    f("unused-extracted-variable /nodes/18/data/extractVars/1/0 2106:13", UNUSED),
    f("unused-extracted-variable /nodes/18/data/extractVars/2/0 2113:13", UNUSED),
    f("unused-extracted-variable /nodes/18/data/extractVars/3/0 2120:13", UNUSED),
    f("unused-extracted-variable /nodes/18/data/extractVars/4/0 2127:13", UNUSED),
    f("prompt-too-long /nodes/19/data/prompt 2168:19", LONG),
    f("unused-extracted-variable /nodes/19/data/extractVars/0/0 2171:13", UNUSED),
    f("undefined-variable /nodes/20/data/prompt 2207:521 {{last_user_response}}", NEVER_SET),
    f("unused-extracted-variable /nodes/20/data/extractVars/0/0 2210:13", UNUSED),
    f("unused-extracted-variable /nodes/22/data/extractVars/0/0 2296:13", UNUSED),
    f("prompt-too-long /nodes/23/data/prompt 2325:19", LONG),
    f("prompt-too-long /nodes/25/data/prompt 2381:19", LONG),
    f("prompt-too-long /nodes/26/data/prompt 2445:19", LONG),
    f("prompt-too-long /nodes/27/data/prompt 2669:19", LONG),
    f("undefined-variable /nodes/27/data/prompt 2669:2327 {{gap}}", NEVER_SET),
    f("unused-extracted-variable /nodes/27/data/extractVars/0/0 2673:13", UNUSED),
    f("unused-extracted-variable /nodes/27/data/extractVars/1/0 2679:13", UNUSED),
    f("prompt-too-long /nodes/28/data/prompt 2706:19", LONG),
    f("undefined-variable /nodes/28/data/prompt 2706:2327 {{gap}}", NEVER_SET),
    f("unused-extracted-variable /nodes/28/data/extractVars/0/0 2710:13", UNUSED),
    f("unused-extracted-variable /nodes/28/data/extractVars/1/0 2716:13", UNUSED),
    flow("dead-end /nodes/32 3009:5", DEAD_DEFAULT),
    flow("dead-end /nodes/33 3029:5", DEAD_DEFAULT),
    flow("dead-end /nodes/35 3063:5", DEAD_DEFAULT),
    flow("dead-end /nodes/36 3083:5", DEAD_DEFAULT),
    f("prompt-too-long /nodes/37/data/prompt 3111:19", LONG),
    f("prompt-too-long /nodes/38/data/prompt 3546:19", LONG),
    f("maybe-unset-variable /nodes/38/data/prompt 3546:601 {{pain_story}}", 'the copy of "the solution": the same path avoids " JARRING CONTACT VALIDATION"'),
    f("prompt-too-long /nodes/39/data/prompt 3567:19", LONG),
    f(
      "maybe-unset-variable /nodes/39/data/prompt 3567:776 {{vision}}",
      'set only at the two "Gap Discovery #goal" nodes; Intro > Acceptability > Trust/Credibility Responses > the solution > Offer positioning avoids both',
    ),
    f(
      "maybe-unset-variable /nodes/39/data/prompt 3567:788 {{mission}}",
      'as {{vision}}: set only at "Gap Discovery #goal", avoided by the path through Acceptability',
    ),
    f(
      "maybe-unset-variable /nodes/39/data/prompt 3567:801 {{purpose}}",
      'as {{vision}}: set only at "Gap Discovery #goal", avoided by the path through Acceptability',
    ),
    f(
      "maybe-unset-variable /nodes/39/data/prompt 3567:814 {{heroic_unique_identity}}",
      'set only at "Vision Acknowledgment HUI"; the path through Acceptability avoids it',
    ),
    f("undefined-variable /nodes/39/data/prompt 3567:2327 {{gap}}", NEVER_SET),
    f("unused-extracted-variable /nodes/39/data/extractVars/0/0 3571:13", UNUSED),
    f("unused-extracted-variable /nodes/39/data/extractVars/1/0 3577:13", UNUSED),
    flow("dead-end /nodes/40 3818:5", DEAD_DEFAULT),
    flow("dead-end /nodes/42 3852:5", DEAD_DEFAULT),
    flow(
      "global-never-returns /nodes/48 3992:5",
      "global IVR node with enableGlobalAutoReturn: false and no way on: it stays there, which the service does not document (a warning)",
    ),
    f("prompt-too-long /nodes/49/data/prompt 4023:19", LONG),
    // Nodes 51 and 55 are dead ends too, but no call reaches them: reported once, as unreachable (no dead-end).
    flow("unreachable-node /nodes/51 4061:5", "Custom Code stub (name only) with no edges: nothing leads to it"),
    flow("unreachable-node /nodes/52 4072:5", "first of the four chained IVR Custom Code nodes (52 > 53 > 54 > 55): no edge leads into the chain"),
    flow("unreachable-node /nodes/53 4086:5", "reached only from node 52, itself unreachable"),
    flow("unreachable-node /nodes/54 4100:5", "reached only from node 53, itself unreachable"),
    flow("unreachable-node /nodes/55 4114:5", "last of the chain, reached only from node 54, itself unreachable (and with no edge on)"),
    f(
      "edge-label-whitespace /edges/27/data/label 4424:18",
      'the label reads "User said yes to text  message": two spaces between "text" and "message", a copy-paste slip that --fix collapses',
    ),
  ],
  // The agent is started with request_data (patient_id, worklist_id, patient_first_name, provider_name, ...) that no
  // config here declares: each such read is rightly "never defined" until a pathway.config.json lists them.
  "noshow-rebooking-v1-export.json": [
    f("undefined-variable /nodes/0/data/text 9:108 {{patient_first_name}}", NEVER_SET),
    f("undefined-variable /nodes/1/data/prompt 31:180 {{patient_first_name}}", NEVER_SET),
    f("undefined-variable /nodes/3/data/body 71:33 {{patient_id}}", NEVER_SET),
    f("webhook-missing-default-route /nodes/3/data/responsePathways 99:25", NO_DEFAULT_ROUTE),
    f("undefined-variable /nodes/5/data/body 156:33 {{patient_id}}", NEVER_SET),
    f("webhook-missing-default-route /nodes/5/data/responsePathways 184:25", NO_DEFAULT_ROUTE),
    f("undefined-variable /nodes/7/data/prompt 248:61 {{appointment_type}}", NEVER_SET),
    f("undefined-variable /nodes/7/data/prompt 248:87 {{provider_name}}", NEVER_SET),
    f("undefined-variable /nodes/7/data/prompt 248:108 {{missed_date}}", NEVER_SET),
    f("unused-extracted-variable /nodes/7/data/extractVars/1/0 256:7", UNUSED),
    f("unused-extracted-variable /nodes/7/data/extractVars/2/0 261:7", UNUSED),
    f("unused-extracted-variable /nodes/7/data/extractVars/3/0 266:7", UNUSED),
    f("undefined-variable /nodes/8/data/prompt 373:140 {{telehealth_ok}}", NEVER_SET),
    f("unused-extracted-variable /nodes/8/data/extractVars/1/0 381:7", UNUSED),
    f("undefined-variable /nodes/9/data/body 406:33 {{patient_id}}", NEVER_SET),
    f("undefined-variable /nodes/9/data/body 406:70 {{worklist_id}}", NEVER_SET),
    f("webhook-missing-default-route /nodes/9/data/responsePathways 454:25", NO_DEFAULT_ROUTE),
    f("undefined-variable /nodes/10/data/prompt 485:159 {{telehealth_ok}}", NEVER_SET),
    f("unused-extracted-variable /nodes/10/data/extractVars/0/0 489:7", UNUSED),
    f("unused-extracted-variable /nodes/10/data/extractVars/1/0 494:7", UNUSED),
    f("undefined-variable /nodes/11/data/body 584:33 {{patient_id}}", NEVER_SET),
    f("undefined-variable /nodes/11/data/body 584:70 {{worklist_id}}", NEVER_SET),
    f("webhook-missing-default-route /nodes/11/data/responsePathways 627:25", NO_DEFAULT_ROUTE),
    f("undefined-variable /nodes/12/data/body 658:33 {{patient_id}}", NEVER_SET),
    f("undefined-variable /nodes/12/data/body 658:70 {{worklist_id}}", NEVER_SET),
    f("webhook-missing-default-route /nodes/12/data/responsePathways 711:25", NO_DEFAULT_ROUTE),
    f("undefined-variable /nodes/14/data/body 758:33 {{patient_id}}", NEVER_SET),
    f("undefined-variable /nodes/14/data/body 758:70 {{worklist_id}}", NEVER_SET),
    f("webhook-missing-default-route /nodes/14/data/responsePathways 789:25", NO_DEFAULT_ROUTE),
    f("undefined-variable /nodes/15/data/body 820:33 {{patient_id}}", NEVER_SET),
    f(
      "maybe-unset-variable /nodes/15/data/body 820:74 {{needs_ride_help}}",
      'set only at "4. Address a barrier"; Greeting > Verify > 2a > 3 > 4b > 5 > 6 > 6c skips it',
    ),
    f("webhook-missing-default-route /nodes/15/data/responsePathways 846:25", NO_DEFAULT_ROUTE),
    f("undefined-variable /nodes/17/data/body 893:33 {{patient_id}}", NEVER_SET),
    f("webhook-missing-default-route /nodes/17/data/responsePathways 914:25", NO_DEFAULT_ROUTE),
    f("undefined-variable /nodes/18/data/prompt 949:60 {{provider_name}}", NEVER_SET),
    f("maybe-unset-variable /nodes/18/data/prompt 949:145 {{pickup_time}}", "set only by the ride webhook 7b; ... > 6c > 7. Confirm and prep skips it"),
    f("undefined-variable /nodes/19/data/body 966:33 {{patient_id}}", NEVER_SET),
    f("webhook-missing-default-route /nodes/19/data/responsePathways 982:25", NO_DEFAULT_ROUTE),
    f("undefined-variable /nodes/21/data/body 1040:33 {{patient_id}}", NEVER_SET),
    f("undefined-variable /nodes/21/data/body 1040:70 {{worklist_id}}", NEVER_SET),
    f("unused-extracted-variable /nodes/22/data/extractVars/0/0 1075:7", UNUSED),
    f("undefined-variable /nodes/23/data/prompt 1095:22 {{patient_first_name}}", NEVER_SET),
    f("undefined-variable /nodes/28/data/prompt 1167:134 {{patient_first_name}}", NEVER_SET),
    f("unused-extracted-variable /nodes/31/data/extractVars/0/0 1229:7", UNUSED),
    f("unused-extracted-variable /nodes/31/data/extractVars/1/0 1234:7", UNUSED),
    f("unused-extracted-variable /nodes/32/data/extractVars/0/0 1259:7", UNUSED),
    f("unused-extracted-variable /nodes/33/data/extractVars/0/0 1284:7", UNUSED),
    f("undefined-variable /nodes/34/data/prompt 1306:125 {{provider_name}}", NEVER_SET),
    f(
      "maybe-unset-variable /nodes/34/data/prompt 1306:146 {{location}}",
      "set only by webhook 6c; the global logistics node can be entered from the greeting, before it",
    ),
    f("undefined-variable /nodes/36/data/body 1346:33 {{patient_id}}", NEVER_SET),
    f("undefined-variable /nodes/37/data/body 1383:33 {{patient_id}}", NEVER_SET),
    f("webhook-missing-default-route /nodes/37/data/responsePathways 1413:25", NO_DEFAULT_ROUTE),
    f("undefined-variable /nodes/38/data/warmTransferFields/agentPrompt 1453:109 {{appointment_type}}", NEVER_SET),
    f("undefined-variable /nodes/38/data/warmTransferFields/agentPrompt 1453:135 {{provider_name}}", NEVER_SET),
    f("undefined-variable /nodes/38/data/warmTransferFields/agentPrompt 1453:156 {{missed_date}}", NEVER_SET),
    f("undefined-variable /nodes/40/data/body 1503:33 {{patient_id}}", NEVER_SET),
    f("webhook-missing-default-route /nodes/40/data/responsePathways 1521:25", NO_DEFAULT_ROUTE),
    f("undefined-variable /nodes/42/globalConfig/globalPrompt 1579:1064 {{patient_first_name}}", NEVER_SET),
  ],
  "pathwalk-pizzeria-dialect.json": [],
  "receptionist-auto-shop.json": [
    f("unused-extracted-variable /nodes/4/data/extractVars/2/0 88:13", UNUSED),
    f("unused-extracted-variable /nodes/4/data/extractVars/3/0 93:13", UNUSED),
    f("unused-extracted-variable /nodes/4/data/extractVars/4/0 98:13", UNUSED),
    f("unused-extracted-variable /nodes/4/data/extractVars/5/0 103:13", UNUSED),
    f("unused-extracted-variable /nodes/4/data/extractVars/6/0 108:13", UNUSED),
    f("unused-extracted-variable /nodes/5/data/extractVars/2/0 138:13", UNUSED),
    f("unused-extracted-variable /nodes/5/data/extractVars/3/0 143:13", UNUSED),
    f("unused-extracted-variable /nodes/5/data/extractVars/4/0 148:13", UNUSED),
    f("unused-extracted-variable /nodes/5/data/extractVars/5/0 153:13", UNUSED),
    f("unused-extracted-variable /nodes/5/data/extractVars/6/0 158:13", UNUSED),
  ],
  "restaurant-2024-get-dump.json": RESTAURANT,
  "restaurant-control-chars.MALFORMED.json": [],
  // The same pathway one version earlier: the same findings at the same places.
  "restaurant-history-6ebf769.json": RESTAURANT,
  "restaurant-history-b72bd49.BAD-BYTE.json": [],
  "terraform-fixture-create-no-edges.json": [
    flow("dead-end /nodes/0 5:9", "the only node: its routes and fallback point at ids that do not exist, and the file has no edges"),
    f("unused-extracted-variable /nodes/0/data/extractVars/0/0 12:18", UNUSED),
    f("unused-extracted-variable /nodes/0/data/extractVars/1/0 13:18", UNUSED),
  ],
  "terraform-fixture-read.json": [
    f("unused-extracted-variable /nodes/0/data/extractVars/0/0 15:22", UNUSED),
    f("unused-extracted-variable /nodes/0/data/extractVars/1/0 16:22", UNUSED),
    flow("dead-end /nodes/1 58:9", '"Edge 2" has no outgoing edge and is no exit'),
  ],
};

describeCorpus("real corpus", () => {
  it("has an expectation for every file", () => {
    expect(Object.keys(expected).sort()).toEqual([...corpusFiles]);
  });

  for (const name of corpusFiles) {
    it(`${name}: exactly the expected findings`, () => {
      const found = lintPathway(readCorpus(name)).diagnostics.filter((d) => lintRuleIds.has(d.ruleId));
      expect(found.map(key)).toEqual((expected[name] ?? []).map((e) => e.finding));
    });
  }

  it("gives every finding a reason, and marks exactly the flow findings as flow", () => {
    for (const [name, list] of Object.entries(expected)) {
      for (const e of list) {
        expect(e.reason.trim().length, `${name}: ${e.finding}`).toBeGreaterThan(10);
        expect(e.flow, `${name}: ${e.finding}`).toBe(FLOW_RULES.has(e.finding.split(" ")[0]!));
      }
    }
  });

  it.each(["restaurant-2024-get-dump.json", "restaurant-history-6ebf769.json"])(
    "%s: the global KB node written the vendor's way returns to the caller: no dead end",
    (name) => {
      const kb = lintPathway(readCorpus(name)).diagnostics.filter((d) => d.pointer === "/nodes/9" || d.pointer.startsWith("/nodes/9/"));
      // Its empty globalLabel is the one defect (validate's global-label-empty); no outgoing edge and no flag means it returns.
      expect(kb.map((d) => d.ruleId)).toEqual(expect.arrayContaining(["global-label-empty"]));
      expect(kb.map((d) => d.ruleId)).not.toContain("dead-end");
    },
  );

  it("restaurant files: every node is reachable (the global KB node counts) and no loop traps the caller", () => {
    for (const { name, value } of parseableCorpus.filter((f) => f.name.startsWith("restaurant"))) {
      expect(getReachability(value as Pathway).unreachable, name).toEqual([]);
      expect(getTraps(value as Pathway), name).toEqual([]);
    }
  });

  it.each(corpusFiles)("%s: lints without throwing, every finding located, the same twice", (name) => {
    const a = lintPathway(readCorpus(name));
    const b = lintPathway(readCorpus(name));
    expect(a.diagnostics).toEqual(b.diagnostics);
    for (const d of a.diagnostics) if (d.ruleId !== "unreadable-file") expect(d.range, `${d.ruleId} ${d.pointer}`).toBeDefined();
  });

  it.each(corpusFiles)("%s: every variable finding's range starts at its {{placeholder}}", (name) => {
    const { text, diagnostics } = lintPathway(readCorpus(name));
    const lines = (text ?? "").split("\n");
    for (const d of diagnostics.filter((d) => d.ruleId.endsWith("-variable") && d.ruleId !== "unused-extracted-variable")) {
      expect(lines[d.range!.start.line - 1]!.slice(d.range!.start.column - 1).startsWith("{{"), key(d)).toBe(true);
    }
  });
});
