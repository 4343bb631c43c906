// `pathway scenarios generate` covers voicemail edges however the transfer is reached, names --max-turns when it is what stopped it, and its scenarios pass.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createFlowModel, getFlowWays, getSearchTree } from "../../src/graph/index.js";
import type { Pathway } from "../../src/model/index.js";
import { tempDir } from "../support/cli.js";
import { corpusValue, describeCorpus, parseableCorpus } from "../support/corpus.js";
import { runMain } from "../support/run-main.js";

type Generated = { files: string[]; scenarios: { turns: { transfer?: string }[] }[]; uncovered: { id: string; kind: string; reason: string }[] };
type TestReport = { summary: { failed: number; errors: number }; coverage: { edges: { untested: { id: string }[] } }[] };

const N = (id: string, type: string, data: Record<string, unknown> = {}) => ({ id, type, data: { name: id, prompt: `Say ${id}.`, ...data } });
const E = (id: string, source: string, target: string, label: string, data: Record<string, unknown> = {}) => ({ id, source, target, data: { label, ...data } });
const TRANSFER = N("desk", "Transfer Call", {
  name: "Front desk",
  transferNumber: "+12155550100",
  warmTransferFields: { isEnabled: true, agentPrompt: "Brief the desk." },
});

/** Generates scenarios for `pathway` into a fresh folder, then runs them with coverage; both reports as JSON. */
async function generateAndTest(pathway: unknown, extra: string[] = []): Promise<{ code: number; generated: Generated; tested: TestReport; testCode: number }> {
  const dir = tempDir();
  writeFileSync(path.join(dir, "p.json"), JSON.stringify(pathway));
  const gen = await runMain(["scenarios", "generate", "p.json", "-o", "out", "--format", "json", ...extra], { cwd: dir });
  const test = await runMain(["test", "out", "--coverage", "--format", "json"], { cwd: dir });
  return { code: gen.code, generated: JSON.parse(gen.stdout) as Generated, tested: JSON.parse(test.stdout) as TestReport, testCode: test.code };
}

/** The ids of the voicemail edges a call can take (their transfer node is reachable from the start). */
function reachableVoicemailEdges(pathway: Pathway): string[] {
  const flow = createFlowModel(pathway);
  const { distance } = getSearchTree(flow);
  return getFlowWays(flow)
    .filter((w) => w.kind === "voicemail" && w.fromIndex >= 0 && distance[w.fromIndex]! >= 0)
    .map((w) => String((pathway.edges as { id?: unknown }[])[w.ref]!.id));
}

describe("pathway scenarios generate and voicemail edges", () => {
  it("covers a warm transfer's voicemail edge two automatic moves after an ordinary edge, with a scenario that passes", async () => {
    const pathway = {
      name: "Desk",
      nodes: [
        N("start", "Default", { isStart: true }),
        {
          id: "check",
          type: "Route",
          data: { name: "Check", routes: [{ conditions: [{ field: "vip", operator: "==", value: "yes" }], targetNodeId: "bye" }], fallbackNodeId: "hand-off" },
        },
        { id: "hand-off", type: "Route", data: { name: "Hand off", routes: [], fallbackNodeId: "desk" } },
        TRANSFER,
        N("message", "End Call", { name: "Take a message" }),
        N("bye", "End Call", { name: "Bye" }),
      ],
      edges: [E("e-start", "start", "check", "The caller wants a person"), E("e-vm", "desk", "message", "Nobody picked up", { isVoicemailEdge: true })],
    };
    const { code, generated, tested, testCode } = await generateAndTest(pathway);
    expect(generated.uncovered).toEqual([]);
    expect(code).toBe(0);
    expect(generated.scenarios.some((s) => s.turns.some((t) => t.transfer === "not-answered"))).toBe(true);
    expect(testCode).toBe(0);
    expect(tested.coverage[0]!.edges.untested).toEqual([]);
  });
});

describe("pathway scenarios generate and --max-turns", () => {
  it("names the turn limit, not route conditions, for what lies beyond it", async () => {
    const nodes = [N("n0", "Default", { isStart: true }), ...[1, 2, 3, 4, 5].map((i) => N(`n${i}`, "Default"))];
    const edges = [1, 2, 3, 4, 5].map((i) => E(`e${i}`, `n${i - 1}`, `n${i}`, `Step ${i}`));
    nodes.push(
      {
        id: "r",
        type: "Route",
        data: { name: "r", prompt: "", routes: [{ conditions: [{ field: "x", operator: "==", value: "1" }], targetNodeId: "a" }], fallbackNodeId: "b" },
      } as never,
      N("a", "End Call"),
      N("b", "End Call"),
    );
    edges.push(E("e-route", "n5", "r", "Route it"));
    const { code, generated } = await generateAndTest({ name: "Chain", nodes, edges }, ["--max-turns", "3"]);
    expect(code).toBe(1);
    expect(generated.uncovered.map((u) => u.id)).toEqual(["e4", "e5", "e-route", "r → a", "r → b"]);
    for (const u of generated.uncovered)
      expect(u.reason).toBe("a scenario needs more turns than the turn limit (3, --max-turns) to reach it; raise the limit to cover it");
    const enough = await generateAndTest({ name: "Chain", nodes, edges });
    expect(enough.generated.uncovered).toEqual([]);
  });
});

describeCorpus("pathway scenarios generate on the real corpus", () => {
  const withVoicemail = parseableCorpus.filter((f) => {
    const value = f.value as Pathway;
    return Array.isArray(value.nodes) && Array.isArray(value.edges) && reachableVoicemailEdges(value).length > 0;
  });
  it.each(withVoicemail.map((f) => [f.name, f.value] as const))("covers every reachable voicemail edge of %s, and its scenarios pass", async (_name, value) => {
    const { generated, tested, testCode } = await generateAndTest(value);
    const voicemail = reachableVoicemailEdges(value as Pathway);
    expect(generated.uncovered.filter((u) => voicemail.includes(u.id))).toEqual([]);
    expect(tested.summary).toMatchObject({ failed: 0, errors: 0 });
    expect(testCode).toBeLessThan(2);
  });

  // The no-show export's warm transfer is reached through a webhook's routes and has no voicemail edge; the form the
  // issue met: the same transfer reached by an ordinary edge, with a voicemail edge to the export's own voicemail node.
  it("covers the voicemail edge of the no-show export's warm transfer once an ordinary edge reaches it", async () => {
    const pathway = structuredClone(corpusValue<Pathway & { edges: unknown[] }>("noshow-rebooking-v1-export.json"));
    pathway.edges.push(
      E("e-offer-transfer", "offer", "transfer_scheduler", "The patient wants a person to book it"),
      E("e-transfer-voicemail", "transfer_scheduler", "voicemail", "Nobody at the desk picked up", { isVoicemailEdge: true }),
    );
    const { generated, tested } = await generateAndTest(pathway);
    expect(generated.uncovered.map((u) => u.id)).not.toContain("e-transfer-voicemail");
    expect(tested.summary).toMatchObject({ failed: 0, errors: 0 });
    expect(tested.coverage[0]!.edges.untested.map((e) => e.id)).not.toContain("e-transfer-voicemail");
  }, 60_000);
});
