// `language` is one of the values seed 4.1 lists, spaced as published (`zh - Hans`).
import { LANGUAGES } from "../models.js";
import { at, closestName, show } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "unsupported-language",
    description: "The `language` is one the service supports, spelled and spaced as the API reference publishes it (POST /v1/calls: language; `zh - Hans`).",
    defaultSeverity: "error",
    set: "request",
    kinds: ["call", "batch", "inbound"],
    fields: ["language"],
    messages: {
      unsupportedLanguage: "language is {{value}}; {{detail}}use one of {{LANGUAGES}} (POST /v1/calls: language).",
    },
  },
  check({ body }, report) {
    const value = body.language;
    if (value === undefined) return;
    if (typeof value === "string" && (LANGUAGES as readonly string[]).includes(value)) return;
    const squeeze = (x: string) => x.replace(/\s+/g, "").toLowerCase();
    // "zh-Hans" is the usual spelling; the service publishes "zh - Hans" (with spaces), so compare without them first.
    const near = typeof value === "string" ? (LANGUAGES.find((l) => squeeze(l) === squeeze(value)) ?? closestName(value, LANGUAGES)) : undefined;
    report({
      pointer: at("language"),
      messageId: "unsupportedLanguage",
      data: { value: show(value), detail: near ? `did you mean "${near}"? ` : "", LANGUAGES: LANGUAGES.join(", ") },
    });
  },
});
