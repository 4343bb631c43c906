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
      text: pathwayText(
        [START, B, END],
        [
          `{"id": "e1", "source": "start", "target": "b", "label": "wants b"}`,
          `{"id": "e2", "source": "start", "target": "end", "label": "wants to end"}`,
          `{"id": "e3", "source": "b", "target": "end", "label": "wants b"}`,
        ],
      ),
    },
  ],
  invalid: [
    {
      name: "the same label up to case and spaces",
      text: pathwayText(
        [START, B, END],
        [
          `{"id": "e1", "source": "start", "target": "b", "label": "Wants  help"}`,
          `{"id": "e2", "source": "start", "target": "end", "label": «" wants help"}`,
          `{"id": "e3", "source": "b", "target": "end", "label": "done"}`,
        ],
      ),
      findings: [{ pointer: "/edges/1/label", messageId: "duplicateEdgeLabel", data: { firstNodesNode: '"Greeting" (id start)', label: '"wants help"' } }],
    },
    {
      name: "labels kept under data.label",
      text: pathwayText(
        [START, B, END],
        [
          `{"id": "e1", "source": "start", "target": "b", "data": {"label": "go"}}`,
          `{"id": "e2", "source": "start", "target": "end", "data": {"label": «"GO"}}`,
          `{"id": "e3", "source": "b", "target": "end", "label": "done"}`,
        ],
      ),
      findings: [{ pointer: "/edges/1/data/label" }],
    },
  ],
});

it("treats labels as equal exactly when they match after trimming, lower-casing and collapsing spaces", () => {
  // The Kelvin sign lower-cases to an ASCII "k", and a no-break space is a space to \s: both cross the ASCII fast path.
  const word = fc.stringMatching(/^[A-Za-zÀ-ÿ0-9?!\u212A]{1,6}$/);
  const spaces = fc.stringMatching(/^[ \t\n\u00A0]{0,3}$/);
  const label = fc
    .tuple(spaces, fc.array(fc.tuple(word, spaces), { maxLength: 4 }))
    .map(([lead, parts]) => lead + parts.map(([w, s], i) => w + (i < parts.length - 1 && s === "" ? " " : s)).join(""));
  const normalise = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");
  // Two to four siblings, some of them case/spacing variants of earlier ones, so that a repeat may follow a different label.
  const variant = (l: string) => `  ${l.toUpperCase().replace(/ /g, "\t ")} `;
  const siblings = fc
    .array(fc.tuple(label, fc.nat(3), fc.boolean()), { minLength: 2, maxLength: 4 })
    .map((drawn) => drawn.reduce<string[]>((labels, [l, k, copy]) => [...labels, copy && labels.length > 0 ? variant(labels[k % labels.length]!) : l], []));
  fc.assert(
    fc.property(siblings, (labels) => {
      const text = pathwayText(
        [START, B, END],
        labels.map((l, i) => `{"id": "e${i}", "source": "start", "target": "end", "label": ${JSON.stringify(l)}}`),
      );
      const reported = lintText(text)
        .filter((d) => d.ruleId === "duplicate-edge-label")
        .map((d) => d.pointer);
      const expected = labels.flatMap((l, i) =>
        normalise(l) !== "" && labels.slice(0, i).some((m) => normalise(m) === normalise(l)) ? [`/edges/${i}/label`] : [],
      );
      expect(reported).toEqual(expected);
    }),
    { numRuns: 300 },
  );
});

it("finds labels equal when one ends in a no-break space (found by the property above, seed -573105477)", () => {
  const text = pathwayText(
    [START, B, END],
    [`{"id": "e1", "source": "start", "target": "b", "label": "!"}`, `{"id": "e2", "source": "start", "target": "end", "label": "!\u00A0"}`],
  );
  expect(
    lintText(text)
      .filter((d) => d.ruleId === "duplicate-edge-label")
      .map((d) => d.pointer),
  ).toEqual(["/edges/1/label"]);
});

it("compares labels whose ends are not ASCII in full (the Kelvin sign lower-cases to k)", () => {
  const text = pathwayText(
    [START, B, END],
    [
      `{"id": "e1", "source": "start", "target": "b", "label": "ok\u212A"}`,
      `{"id": "e2", "source": "start", "target": "end", "label": " OKK"}`,
      `{"id": "e3", "source": "start", "target": "end", "label": "\u212Ao"}`,
      `{"id": "e4", "source": "start", "target": "end", "label": "kO"}`,
    ],
  );
  expect(
    lintText(text)
      .filter((d) => d.ruleId === "duplicate-edge-label")
      .map((d) => d.pointer),
  ).toEqual(["/edges/1/label", "/edges/3/label"]);
});
