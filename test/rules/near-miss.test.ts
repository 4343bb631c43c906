// createNameMatcher: closestName's answers for many names against one list, with the list prepared once and most names never compared in full.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { closestName, createNameMatcher, editDistance } from "../../src/rules/near-miss.js";
import { lintPathway } from "../../src/lint/index.js";
import { measureCpu } from "../support/cpu-time.js";
import "../support/fast-check-seed.js";

/** closestName as it was written before the matcher: every known name compared, in order, the first nearest kept. */
function scanAll(name: string, known: readonly string[]): string | undefined {
  if (name.length > 64) return undefined;
  const lower = name.toLowerCase();
  const allowed = Math.max(1, Math.floor(name.length / 4));
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const k of known) {
    const distance = k.toLowerCase() === lower ? 0 : editDistance(lower, k.toLowerCase(), bestDistance - 1);
    if (distance < bestDistance) {
      best = k;
      bestDistance = distance;
    }
  }
  return best;
}

const name = fc.string({ unit: fc.constantFrom("a", "b", "A", "1", "_", "é"), minLength: 1, maxLength: 14 });

describe("createNameMatcher", () => {
  it("answers as a scan of every name does: the first known name at the smallest distance, case aside", () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 30 }), fc.array(name, { minLength: 1, maxLength: 10 }), (known, queries) => {
        const match = createNameMatcher(known);
        for (const q of queries) {
          expect(match(q)).toBe(scanAll(q, known));
          expect(closestName(q, known)).toBe(scanAll(q, known));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("lints 2,000 unset variables among 2,000 names that share their letters, as the quadratic search did not", async () => {
    // Each node extracts var_<n> and reads var_<n+1>, which nothing sets: every read is a near miss of names alike.
    const nodes = Array.from({ length: 2_000 }, (_, i) => ({
      id: `n${i}`,
      type: "Default",
      data: {
        name: `Step ${i}`,
        ...(i === 0 && { isStart: true }),
        prompt: `Ask; use {{var_${2 * i + 1}x}}`,
        extractVars: [[`var_${2 * i}`, "string", "a value"]],
      },
    }));
    const edges = nodes.slice(1).map((n, i) => ({ id: `e${i}`, source: `n${i}`, target: n.id, label: "next" }));
    const text = JSON.stringify({ nodes, edges });
    const { value, ms } = await measureCpu(() => lintPathway(text));
    const unset = value.diagnostics.filter((d) => d.ruleId === "undefined-variable");
    expect(unset.length).toBe(2_000);
    // var_1x is one edit from var_10, var_12, ... var_18: the first of them a node sets is offered.
    expect(unset[0]!.suggestions?.[0]?.fix.text).toBe("{{var_10}}");
    expect(unset.every((d) => d.suggestions?.length === 1)).toBe(true);
    // Scanning every name for every read took 3 s of CPU here; the matcher about 0.6 s (the whole lint).
    expect(ms).toBeLessThan(2_000);
  }, 60_000);
});
