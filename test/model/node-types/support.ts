// One harness for the node-type tests: a sample node of the type, placed between a start node and a next node, read by every layer that reads its descriptor.
import { describe, expect, it } from "vitest";
import * as builder from "../../../src/builder/index.js";
import { toCallScenario, type CallPath } from "../../../src/calls/index.js";
import { toBuilderCodeParts } from "../../../src/codegen/index.js";
import { getDiagramNodeKind } from "../../../src/export/index.js";
import { createFlowModel, getNodeExitKind, getNodeOutputs, getVariableUses } from "../../../src/graph/index.js";
import { getNodeType, type NodeTypeDescriptor } from "../../../src/model/node-types/index.js";
import { isTerminalNode, isTransferNode } from "../../../src/model/pathway.js";
import type { Pathway, PathwayNode } from "../../../src/model/schema.js";
import { createInitialState, createSimulator, transition, type SimStatus, type WebhookResponse } from "../../../src/simulate/index.js";

/** The id of the sample node, and of the node after it (its edge, routes, response routes and press target lead there). */
export const SAMPLE = "sample";
export const NEXT = "next";

/** A node type's test: a sample node, and what the layers that interpret its descriptor must make of it. */
export interface NodeTypeCase {
  /** The sample's `data`, as real files write it, with a `{{variable}}` in each of the type's template fields. */
  data: Record<string, unknown>;
  /** Where the simulator is after the caller's turn that takes the edge into the sample: its status and node. */
  entered: { status: SimStatus; nodeId: string };
  /** Answers for what the sample runs (a webhook's request, Custom Code), given with that turn. */
  answers?: Record<string, WebhookResponse>;
  /** Variables the call starts with (route conditions read them). */
  variables?: Record<string, unknown>;
  /** Variables the analysis says the sample sets, in order. */
  sets: string[];
}

/** Start -> sample -> next: the sample's edge out is labelled "next" and is one way on among what its own data gives. */
export function samplePathway(type: string, data: Record<string, unknown>): Pathway {
  return {
    name: `${type} sample`,
    nodes: [
      { id: "start", type: "Default", data: { name: "Start", isStart: true, text: "Hello." } },
      { id: SAMPLE, type, data },
      { id: NEXT, type: "Default", data: { name: "Next", text: "What next?" } },
    ],
    edges: [
      { id: "in", source: "start", target: SAMPLE, label: "go on" },
      { id: "out", source: SAMPLE, target: NEXT, label: "next" },
    ],
  } as Pathway;
}

/** Options every builder helper takes (`CommonNodeOptions` and speech). */
const COMMON_OPTIONS = ["name", "text", "prompt", "condition", "extractVars", "modelOptions", "pathwayExamples"];

/** The sample's data as a helper's options: its own options and the common ones, everything else through the `data` escape hatch. */
function toHelperOptions(helper: NonNullable<NodeTypeDescriptor["builder"]>, data: Record<string, unknown>): Record<string, unknown> {
  const keys = new Set([...COMMON_OPTIONS, ...helper.options.map(([key]) => key)]);
  const options: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(structuredClone(data))) (keys.has(key) ? options : rest)[key] = value;
  return Object.keys(rest).length > 0 ? { ...options, data: rest } : options;
}

/** The spellings of a type: its name, then its aliases. */
function spellings(d: NodeTypeDescriptor): string[] {
  return [d.type, ...d.aliases];
}

/** Runs the shared checks of one node type: each layer reads the descriptor's parts, not its own copy of them. */
export function describeNodeType(descriptor: NodeTypeDescriptor, c: NodeTypeCase): void {
  const pathway = samplePathway(descriptor.type, c.data);
  const node = pathway.nodes[1] as PathwayNode;

  describe(`node type ${descriptor.type}`, () => {
    it("is found by each of its spellings, and by nothing else", () => {
      for (const spelling of spellings(descriptor)) expect(getNodeType(spelling)).toBe(descriptor);
      expect(getNodeType(descriptor.type.toLowerCase())).toBeUndefined();
    });

    it("leaves the call (or not) as its flow part says, in the model and the flow model", () => {
      for (const spelling of spellings(descriptor)) {
        const n = { ...node, type: spelling };
        expect(getNodeExitKind(n)).toBe(descriptor.flow.exit ?? undefined);
        expect(isTransferNode(n)).toBe(descriptor.flow.exit === "transfer");
        expect(isTerminalNode(n)).toBe(descriptor.flow.exit === "end-call" || descriptor.flow.exit === "transfer");
      }
      const flow = createFlowModel(pathway);
      expect(flow.isExit[flow.indexOf.get(SAMPLE)!]).toBe(descriptor.flow.exit === null ? 0 : 1);
    });

    it("is entered by the simulator as its flow part says", () => {
      const sim = createSimulator(pathway);
      const start = createInitialState(sim, { variables: c.variables ?? {} });
      const after = transition(sim, start, { user: "go on", take: SAMPLE, ...(c.answers && { webhooks: c.answers }) });
      expect({ status: after.status, nodeId: after.nodeId }).toEqual(c.entered);
    });

    it("reads {{variables}} in each of its template fields and sets what its flow part runs", () => {
      const fields = new Set(
        getVariableUses(pathway)
          .filter((u) => u.nodeId === SAMPLE)
          .map((u) => u.field),
      );
      for (const t of descriptor.templates) expect(fields, `template field ${t.name}`).toContain(t.name);
      expect(getNodeOutputs(node).names.map((n) => n.name)).toEqual(c.sets);
    });

    it("is drawn with its diagram kind, by every spelling", () => {
      for (const spelling of spellings(descriptor)) expect(getDiagramNodeKind({ ...node, type: spelling })).toBe(descriptor.diagram.kind);
    });

    it("is written by its builder helper, and codegen calls that helper (or node() when it has none)", () => {
      const expression = (type: string) => toBuilderCodeParts(samplePathway(type, c.data)).expression;
      const helper = descriptor.builder;
      if (helper === null) {
        for (const spelling of spellings(descriptor)) expect(expression(spelling)).toContain(`.node("${SAMPLE}", node(${JSON.stringify(spelling)}, `);
        return;
      }
      const write = (builder as unknown as Record<string, (options: object) => builder.NodeSpec>)[helper.name]!;
      expect(write(toHelperOptions(helper, c.data))).toEqual({ type: descriptor.type, data: c.data });
      expect(expression(descriptor.type)).toContain(`.node("${SAMPLE}", ${helper.name}(`);
      for (const alias of descriptor.aliases) {
        if (helper.typeOption === undefined) {
          expect(expression(alias)).toContain(`.node("${SAMPLE}", node(${JSON.stringify(alias)}, `);
          continue;
        }
        expect(write({ ...toHelperOptions(helper, c.data), [helper.typeOption]: alias })).toEqual({ type: alias, data: c.data });
        expect(expression(alias)).toContain(`${helper.typeOption}: ${JSON.stringify(alias)}`);
      }
    });

    it("is read from a call log as its call part says: a silent visit is passed, or written as a turn with empty words", () => {
      const step = (nodeId: string, position: number, said?: string) => ({
        nodeId,
        name: nodeId,
        via: "edge" as const,
        turns: said ? [{ role: "user", text: said }] : [],
        position,
      });
      const path: CallPath = {
        callId: "c1",
        status: "mapped",
        steps: [step("start", 0, "go on"), step(SAMPLE, 1), step(NEXT, 2)],
        unmapped: [],
        logEntries: 3,
        variables: {},
        ending: { kind: "completed" },
      };
      const { scenario, gaps } = toCallScenario(path, pathway, { pathwayRef: "sample.json" });
      expect(scenario.turns.map((t) => t.take)).toEqual(descriptor.call.passedWithoutCaller ? [SAMPLE] : [SAMPLE, NEXT]);
      expect(gaps).toHaveLength(descriptor.call.passedWithoutCaller ? 0 : 1);
    });
  });
}
