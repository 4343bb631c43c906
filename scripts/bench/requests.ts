// Bench: check-request against a 10,000-node pathway (the variable analysis it shares with lint), and batches of growing size.
import { generatePathway } from "../generate-pathway.js";
import { loadShipped, ms, ratio, timeInTurns, type BenchSuite } from "./measure.js";

const { checkRequestValue } = await loadShipped<typeof import("../../src/requests/index.js")>("requests");
const { getVariableFindings } = await loadShipped<typeof import("../../src/graph/index.js")>("graph");

function batch(rows: number): Record<string, unknown> {
  const callData = Array.from({ length: rows }, (_, i) => ({ phone_number: `+1415${String(5_000_000 + i).padStart(7, "0")}`, name: `Caller ${i}`, order: i }));
  return { base_prompt: "Hello {name}, about order {order}.", call_data: callData, pathway_id: "p", request_data: { company: "Acme" } };
}

export const requestsSuite: BenchSuite = {
  name: "requests",
  async run() {
    const pathway = generatePathway({ nodes: 10_000, edges: 30_000 });
    const where = { where: "bench.json", value: pathway };
    const call = { phone_number: "+14155550123", pathway_id: "p", request_data: { name: "Ada" } };
    const [analysis, checkCall] = timeInTurns(
      [() => getVariableFindings(pathway), () => checkRequestValue(call, { kind: "call", pathway: where })] as const,
      9,
    );
    const small = batch(1_000);
    const large = batch(10_000);
    const [b1, b10] = timeInTurns(
      [() => checkRequestValue(small, { kind: "batch", pathway: where }), () => checkRequestValue(large, { kind: "batch", pathway: where })] as const,
      9,
    );
    return [
      { name: "getVariableFindings, 10k nodes / 30k edges (lint's analysis)", value: ms(analysis) },
      { name: "check a call against the same pathway", value: ms(checkCall) },
      { name: "call check / variable analysis", value: ratio(checkCall, analysis), note: "the rest is graph index + rules" },
      { name: "check a 1,000-row batch against it", value: ms(b1) },
      { name: "check a 10,000-row batch against it", value: ms(b10) },
      { name: "10,000 rows / 1,000 rows", value: ratio(b10, b1), note: "10x rows; the pathway is analysed once per request" },
    ];
  },
};
