// On every real pathway: a minimal call supplying what the pathway reads passes; dropping one needed variable fails, naming it and its node.
import { expect } from "vitest";
import { getFlow } from "../../src/graph/index.js";
import { isObject, type Pathway } from "../../src/model/index.js";
import { checkRequestValue, getRequestGraph, getRequiredVariables } from "../../src/requests/index.js";
import { describeCorpus, itCorpus, parseableCorpus } from "../support/corpus.js";
import { NOW } from "../support/request-text.js";

const pathways = parseableCorpus.filter(({ value }) => isObject(value) && Array.isArray(value.nodes) && getFlow(value as Pathway).start >= 0);

function minimalCall(pathway: Pathway, drop?: string): Record<string, unknown> {
  const needed = getRequiredVariables(getRequestGraph(pathway)).map((v) => v.root);
  return { phone_number: "+14155550123", pathway_id: "p-1", request_data: Object.fromEntries(needed.filter((n) => n !== drop).map((n) => [n, "x"])) };
}

describeCorpus("check-request on the real corpus", () => {
  itCorpus("has pathways that read variables from request_data (so the checks below can fail)", () => {
    expect(pathways.filter(({ value }) => getRequiredVariables(getRequestGraph(value as Pathway)).length > 0).length).toBeGreaterThan(0);
  });

  for (const { name, value } of pathways) {
    const pathway = value as Pathway;
    itCorpus(`${name}: a minimal call with the variables the pathway reads has no error`, () => {
      const result = checkRequestValue(minimalCall(pathway), { kind: "call", now: NOW, pathway: { where: name, value: pathway } });
      expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    });

    const first = getRequiredVariables(getRequestGraph(pathway))[0];
    if (!first) continue;
    itCorpus(`${name}: without {{${first.name}}} the call fails, naming the variable and node ${first.nodeId}`, () => {
      const result = checkRequestValue(minimalCall(pathway, first.root), { kind: "call", now: NOW, pathway: { where: name, value: pathway } });
      const missing = result.diagnostics.filter((d) => d.ruleId === "missing-request-variable");
      expect(missing.length).toBeGreaterThan(0);
      expect(missing.some((d) => d.message.includes(`{{${first.name}}}`) && d.message.includes(`(id ${first.nodeId})`))).toBe(true);
    });
  }
});
