// Table test of duplicate-edge-label.
import fc from "fast-check";
import { expect, it } from "vitest";
import { ruleTable } from "../../support/rule-table.js";
import { END, START, pathwayText } from "../../support/pathway-text.js";
import { lintText } from "../support.js";

const B = `{"id": "b", "type": "Default", "data": {"text": "b"}}`;

ruleTable("duplicate-edge-label", lintText, {
  valid: [
    {
      name: "different labels out of one node",
      text: pathwayText([START, B, END], [`{"id": "e1", "source": "start", "target": "b", "label": "wants b"}`, `{"id": "e2", "source": "start", "target": "end", "label": "wants to end"}`, `{"id": "e3", "source": "b", "target": "end", "label": "wants b"}`]),
    },
  ],
  invalid: [
    {
      name: "the same label up to case and spaces",
      text: pathwayText([START, B, END], [
        `{"id": "e1", "source": "start", "target": "b", "label": "Wants  help"}`,
        `{"id": "e2", "source": "start", "target": "end", "label": «" wants help"}`,
        `{"id": "e3", "source": "b", "target": "end", "label": "done"}`,
      ]),
      findings: [{ pointer: "/edges/1/label", message: /Two edges out of node "Greeting" \(id start\) have the label "wants help"/ }],
    },
    {
      name: "labels kept under data.label",
      text: pathwayText([START, B, END], [
        `{"id": "e1", "source": "start", "target": "b", "data": {"label": "go"}}`,
        `{"id": "e2", "source": "start", "target": "end", "data": {"label": «"GO"}}`,
        `{"id": "e3", "source": "b", "target": "end", "label": "done"}`,
      ]),
      findings: [{ pointer: "/edges/1/data/label" }],
    },
  ],
});


it("treats labels as equal exactly when they match after trimming, lower-casing and collapsing spaces", () => {
  // The Kelvin sign lower-cases to an ASCII "k", and a no-break space is a space to \s: both cross the ASCII fast path.
  const word = fc.stringMatching(/^[A-Za-zÀ-ÿ0-9?!\u212A]{1,6}$/);
  const spaces = fc.stringMatching(/^[ \t\n\u00A0]{0,3}$/);
  const label = fc.tuple(spaces, fc.array(fc.tuple(word, spaces), { maxLength: 4 })).map(([lead, parts]) => lead + parts.map(([w, s], i) => w + (i < parts.length - 1 && s === "" ? " " : s)).join(""));
  const normalise = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");
  fc.assert(
    fc.property(label, label, fc.boolean(), (a, b, variant) => {
      // Half the time, make b a spacing/case variant of a so that equal pairs are common.
      const other = variant ? `  ${a.toUpperCase().replace(/ /g, "\t ")} ` : b;
      const text = pathwayText([START, B, END], [
        `{"id": "e1", "source": "start", "target": "b", "label": ${JSON.stringify(a)}}`,
        `{"id": "e2", "source": "start", "target": "end", "label": ${JSON.stringify(other)}}`,
      ]);
      const reported = lintText(text).some((d) => d.ruleId === "duplicate-edge-label");
      expect(reported).toBe(normalise(a) !== "" && normalise(a) === normalise(other));
    }),
    { numRuns: 300 },
  );
});
