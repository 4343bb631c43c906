// Legacy voice_id, reduce_latency, voice_preset_id and RL/HQ-prefixed voices are superseded by `voice` (seed 4.1, part 9).
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "deprecated-voice-field",
    description:
      "Legacy `voice_id`, `reduce_latency`, `voice_preset_id` and RL/HQ-prefixed voices are replaced by `voice` (POST /v1/calls: voice; the API reference's versioning notes).",
    defaultSeverity: "warning",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    messages: {
      voiceIdLegacy: 'voice_id is legacy (the API reference\'s versioning notes); use "voice" instead{{detail}}.',
      reduceLatencyLegacy: 'reduce_latency is legacy and may override voice (POST /v1/calls: reduce_latency); remove it and choose the voice with "voice".',
      voicePresetId: 'voice_preset_id is legacy; put the preset id in "voice"{{detail}}.',
      voiceUsesLegacy: "voice {{bodyVoice}} uses the legacy {{bodyVoice2}} prefix (the API reference's versioning notes); prefer a voice name or id.",
    },
  },
  check({ body }, report) {
    if (body.voice_id !== undefined)
      report({
        pointer: at("voice_id"),
        messageId: "voiceIdLegacy",
        data: { detail: typeof body.voice_id === "number" ? ` (e.g. "voice": "${body.voice_id}")` : "" },
      });
    if (body.reduce_latency !== undefined) report({ pointer: at("reduce_latency"), messageId: "reduceLatencyLegacy" });
    if (body.voice_preset_id !== undefined)
      report({
        pointer: at("voice_preset_id"),
        messageId: "voicePresetId",
        data: { detail: typeof body.voice_preset_id === "string" ? ` ("voice": ${show(body.voice_preset_id)})` : "" },
      });
    if (typeof body.voice === "string" && /^(RL|HQ)\d+$/.test(body.voice)) {
      report({ pointer: at("voice"), messageId: "voiceUsesLegacy", data: { bodyVoice: show(body.voice), bodyVoice2: body.voice.slice(0, 2) } });
    }
  },
});
