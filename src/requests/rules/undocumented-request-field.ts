// A field the seed does not list and that is no near miss of one: a note, since whether the service reads it is not documented.
import { at, show } from "../helpers.js";
import { getUndocumentedFields } from "../fields.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "undocumented-request-field",
    description:
      "A request field the API reference does not list (and that is no typo of one) is noted, with where real clients were seen sending it (`pathway_version`, `voicemail`, ...); whether the service reads it is not documented.",
    defaultSeverity: "info",
    set: "request",
    kinds: ["call", "batch", "inbound", "purchase", "batch-v2"],
    messages: {
      undocumentedRequestField: "{{fWhat}} has the field {{fKey}}, which the API reference does not list for {{fPlace}}{{known}}",
    },
  },
  check({ kind, body }, report) {
    for (const f of getUndocumentedFields(kind, body)) {
      if (f.near !== undefined) continue;
      const known =
        f.seenIn !== undefined
          ? `; seen in real clients: ${f.seenIn}. Whether the service reads it is not documented.`
          : ". Whether the service reads it is not documented; check its name in the API reference.";
      report({ pointer: at(...f.path), messageId: "undocumentedRequestField", data: { fWhat: f.what, fKey: show(f.key), fPlace: f.place, known } });
    }
  },
});
