// `background_track` is one of the values seed 4.1 lists.
import { BACKGROUND_TRACKS } from "../models.js";
import { at, closestName, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "background-track",
    description: "`background_track` is null, office, cafe, restaurant or none (POST /v1/calls: background_track).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    fields: ["background_track"],
    messages: {
      backgroundTrack: "background_track is {{value}}; {{detail}}use one of {{BACKGROUND_TRACKS}} (POST /v1/calls: background_track).",
    },
  },
  check({ body }, report) {
    const value = body.background_track;
    if (value === undefined || value === null) return;
    if (typeof value === "string" && (BACKGROUND_TRACKS as readonly string[]).includes(value)) return;
    const near = typeof value === "string" ? closestName(value, BACKGROUND_TRACKS) : undefined;
    report({
      pointer: at("background_track"),
      messageId: "backgroundTrack",
      data: { value: show(value), detail: near ? `did you mean "${near}"? ` : "", BACKGROUND_TRACKS: BACKGROUND_TRACKS.join(", ") },
    });
  },
});
