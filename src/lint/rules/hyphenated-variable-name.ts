// A variable name with a hyphen (`bland-prompt`, as the service's own exports write one): a note that its reading is not documented.
import { definePathwayRule, type RuleReport } from "../../rules/index.js";
import { getLintFacts } from "../facts.js";
import { toPointer, useReport } from "./helpers.js";

type Place = { nodeIndex: number; order: number; report: RuleReport<"hyphenatedName"> };

export default definePathwayRule({
  meta: {
    id: "hyphenated-variable-name",
    description:
      "A note where a variable's name has a hyphen (`bland-prompt`): the service's own exports use such names, but whether `{{bland-prompt}}` is filled in where it is read is not documented.",
    defaultSeverity: "info",
    set: "lint",
    messages: {
      hyphenatedName:
        'Variable "{{name}}" has a hyphen, as some of the service\'s own exports write names (bland-prompt); whether {{{{name}}}} is filled in where it is read is not documented, while the documented examples use letters, digits and underscores.',
    },
  },
  check(context, report) {
    const { uses, definitions } = getLintFacts(context);
    // One note per name, where the file first names it (a definition before a read in the same node).
    const first = new Map<string, Place>();
    const consider = (name: string, place: Place) => {
      const known = first.get(name);
      if (!known || place.nodeIndex < known.nodeIndex || (place.nodeIndex === known.nodeIndex && place.order < known.order)) first.set(name, place);
    };
    for (const d of definitions) {
      if (d.name.includes("-"))
        consider(d.name, { nodeIndex: d.nodeIndex, order: 0, report: { pointer: toPointer(d.path), messageId: "hyphenatedName", data: { name: d.name } } });
    }
    for (const use of uses) {
      if (use.name.includes("-")) consider(use.name, { nodeIndex: use.nodeIndex, order: 1, report: useReport(use, "hyphenatedName", { name: use.name }) });
    }
    for (const place of first.values()) report(place.report);
  },
});
