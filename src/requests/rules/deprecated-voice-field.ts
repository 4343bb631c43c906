// Legacy voice_id, reduce_latency, voice_preset_id and RL/HQ-prefixed voices are superseded by `voice` (seed 4.1, part 9).
import { at, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "deprecated-voice-field",
    description: "Legacy `voice_id`, `reduce_latency`, `voice_preset_id` and RL/HQ-prefixed voices are replaced by `voice` (seed 4.1, part 9).",
    defaultSeverity: "warning",
    kinds: ["call", "batch", "inbound"],
  },
  check({ body }, report) {
    if (body.voice_id !== undefined) report({ pointer: at("voice_id"), message: `voice_id is legacy (seed part 9); use "voice" instead${typeof body.voice_id === "number" ? ` (e.g. "voice": "${body.voice_id}")` : ""}.` });
    if (body.reduce_latency !== undefined) report({ pointer: at("reduce_latency"), message: "reduce_latency is legacy and may override voice (seed 4.1); remove it and choose the voice with \"voice\"." });
    if (body.voice_preset_id !== undefined) report({ pointer: at("voice_preset_id"), message: `voice_preset_id is legacy; put the preset id in "voice"${typeof body.voice_preset_id === "string" ? ` ("voice": ${show(body.voice_preset_id)})` : ""}.` });
    if (typeof body.voice === "string" && /^(RL|HQ)\d+$/.test(body.voice)) {
      report({ pointer: at("voice"), message: `voice ${show(body.voice)} uses the legacy ${body.voice.slice(0, 2)} prefix (seed part 9); prefer a voice name or id.` });
    }
  },
});
