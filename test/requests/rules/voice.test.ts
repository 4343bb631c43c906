// Table test of voice.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("voice", checkText(), {
  valid: [
    { name: "seed 4.1: a curated name", text: requestText({ ...CALL, voice: '"evelyn"' }) },
    { name: "seed 4.1: a clone id", text: requestText({ ...CALL, voice: '"2f9fdbc7-4bf2-4792-8a18-21ce3c93978f"' }) },
    { name: "seed 4.1: a legacy RL prefix with the voice_id", text: requestText({ ...CALL, voice: '"RL2"' }) },
  ],
  invalid: [
    {
      name: "seed 4.1: a curated name in the wrong case",
      text: requestText({ ...CALL, voice: '«"Mason"' }),
      findings: [{ pointer: "/voice", messageId: "caseDiffers", data: { voice: '"Mason"', lower: "mason" } }],
    },
    {
      name: "seed 4.1: a near-miss of a curated name",
      text: requestText({ ...CALL, voice: '«"evelin"' }),
      findings: [{ pointer: "/voice", messageId: "notCurated", data: { voice: '"evelin"', near: "evelyn" } }],
    },
    { name: "seed 4.1: an empty voice", text: requestText({ ...CALL, voice: '«""' }), findings: [{ pointer: "/voice" }] },
    {
      name: "seed 4.1: a legacy prefix without the integer voice_id",
      text: requestText({ ...CALL, voice: '«"HQ-2"' }),
      findings: [{ pointer: "/voice", messageId: "legacyPrefix", data: { voice: '"HQ-2"', voice2: "HQ" } }],
    },
  ],
});
