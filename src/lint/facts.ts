// The graph analyses lint rules share, computed at most once per pathway value and only when a rule asks for them.
import {
  getCanExit,
  getCycleGroups,
  getSearchTree,
  getVariableFindingsFrom,
  getVariableProducers,
  getVariableReads,
  createGraphIndex,
  type GraphIndex,
  type SearchTree,
  type VariableDefinition,
  type VariableFindings,
  type VariableOptions,
  type VariableProducers,
  type VariableReads,
  type VariableUse,
} from "../graph/index.js";
import type { Pathway } from "../model/index.js";
import type { RuleContext } from "../validate/index.js";

/** Lazily computed analyses of one pathway; each getter runs its analysis on first use. */
export interface LintFacts {
  readonly graph: GraphIndex;
  readonly search: SearchTree;
  readonly canExit: Uint8Array;
  readonly cycles: number[][];
  /** Pathway variables and `{{SECRET.x}}` references read by interpolated fields. */
  readonly reads: VariableReads;
  readonly uses: VariableUse[];
  /** What sets variables, what may set unknown ones (opaque Custom Code), and Custom Code that does not parse. */
  readonly producers: VariableProducers;
  readonly definitions: VariableDefinition[];
  readonly variableFindings: VariableFindings;
}

const facts = new WeakMap<object, LintFacts>();
const variableOptions = new WeakMap<object, VariableOptions>();

function createFacts(context: RuleContext): LintFacts {
  const pathway = context.pathway as Pathway;
  const memo: Partial<Record<keyof LintFacts, unknown>> = {};
  const once = <K extends keyof LintFacts>(key: K, compute: () => LintFacts[K]): LintFacts[K] => {
    if (!(key in memo)) memo[key] = compute();
    return memo[key] as LintFacts[K];
  };
  const result: LintFacts = {
    get graph() {
      return once("graph", () => createGraphIndex(pathway, context));
    },
    get search() {
      return once("search", () => getSearchTree(result.graph));
    },
    get canExit() {
      return once("canExit", () => getCanExit(result.graph));
    },
    get cycles() {
      return once("cycles", () => getCycleGroups(result.graph));
    },
    get reads() {
      return once("reads", () => getVariableReads(result.graph));
    },
    get uses() {
      return result.reads.uses;
    },
    get producers() {
      return once("producers", () => getVariableProducers(result.graph));
    },
    get definitions() {
      return result.producers.definitions;
    },
    get variableFindings() {
      return once("variableFindings", () => getVariableFindingsFrom(result.graph, result.uses, result.producers, variableOptions.get(pathway) ?? {}, result.search));
    },
  };
  return result;
}

/** The analyses of the pathway a rule is checking, shared by every rule in the same run. */
export function getLintFacts(context: RuleContext): LintFacts {
  let found = facts.get(context.pathway);
  if (!found) {
    found = createFacts(context);
    facts.set(context.pathway, found);
  }
  return found;
}

/** Runs `body` with the variable options the variable rules should see for `pathway`, then forgets every cached analysis. */
export function withLintFacts<T>(pathway: unknown, options: VariableOptions, body: () => T): T {
  if (typeof pathway !== "object" || pathway === null) return body();
  variableOptions.set(pathway, options);
  facts.delete(pathway);
  try {
    return body();
  } finally {
    // The value may be edited and linted again; a stale analysis must never survive the run.
    facts.delete(pathway);
    variableOptions.delete(pathway);
  }
}
