// `voice` is a curated name or an id; a legacy `RL`/`HQ` prefix must carry the integer voice_id (seed 4.1).
import { CURATED_VOICES } from "../models.js";
import { at, closestName, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "voice",
    description: `\`voice\` is a non-empty name or id (curated: ${CURATED_VOICES.join(", ")}); a legacy RL/HQ prefix is followed by the integer voice_id (POST /v1/calls: voice).`,
    // A voice the toolkit does not know may still be a preset or clone id: a warning, not an error (types are request-field-type's).
    set: "request",
    defaultSeverity: "warning",
    kinds: ["call", "batch", "inbound"],
    messages: {
      empty: 'voice is {{voice}}; write a voice name such as "mason" or a voice id, or leave voice out for the default.',
      legacyPrefix: 'voice {{voice}}: the legacy {{voice2}} prefix is followed by the integer voice_id (e.g. "{{voice2}}2"); write it so or use a voice name.',
      caseDiffers: 'voice {{voice}} differs from the curated name "{{lower}}" only in case; write "{{lower}}".',
      notCurated: 'voice {{voice}} is not a curated voice; did you mean "{{near}}"? (A voice id or clone id is fine too: then ignore this with the rule off.)',
    },
  },
  check({ body }, report) {
    const voice = body.voice;
    if (typeof voice !== "string") return;
    if (voice.trim() === "") {
      report({ pointer: at("voice"), messageId: "empty", data: { voice: show(voice) } });
      return;
    }
    if (/^(RL|HQ)/.test(voice) && !/^(RL|HQ)\d+$/.test(voice) && /^(RL|HQ)[\d\W]/.test(voice)) {
      report({ pointer: at("voice"), messageId: "legacyPrefix", data: { voice: show(voice), voice2: voice.slice(0, 2) } });
      return;
    }
    const lower = voice.toLowerCase();
    if (voice !== lower && (CURATED_VOICES as readonly string[]).includes(lower)) {
      report({ pointer: at("voice"), messageId: "caseDiffers", data: { voice: show(voice), lower } });
      return;
    }
    const near = /^[a-z]+$/i.test(voice) && voice.length <= 8 ? closestName(voice, CURATED_VOICES) : undefined;
    if (near && near !== lower && !/\d/.test(voice)) report({ pointer: at("voice"), messageId: "notCurated", data: { voice: show(voice), near } });
  },
});
