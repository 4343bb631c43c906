// Table test of deprecated-voice-field.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("deprecated-voice-field", checkText(), {
  valid: [{ name: "seed 4.1: voice only", text: requestText({ ...CALL, voice: '"maya"' }) }],
  invalid: [
    {
      name: "seed part 9: legacy voice_id, reduce_latency and voice_preset_id",
      text: requestText({ ...CALL, voice_id: "«2", reduce_latency: "«true", voice_preset_id: '«"p-9"' }),
      findings: [
        { pointer: "/voice_id", messageId: "voiceIdLegacy", data: { detail: ' (e.g. "voice": "2")' } },
        { pointer: "/reduce_latency", messageId: "reduceLatencyLegacy" },
        { pointer: "/voice_preset_id" },
      ],
    },
    {
      name: "seed part 9: a legacy HQ prefix",
      text: requestText({ ...CALL, voice: '«"HQ2"' }),
      findings: [{ pointer: "/voice", messageId: "voiceUsesLegacy", data: { bodyVoice: '"HQ2"', bodyVoice2: "HQ" } }],
    },
  ],
});
