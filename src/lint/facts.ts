// The graph analyses lint rules share: built per run, handed to the rules in their context, each computed on first use.
import {
  createFlowModel,
  getCanExit,
  getCycleGroups,
  getSearchTree,
  getVariableFindingsFrom,
  getVariableProducers,
  getVariableReads,
  type FlowModel,
  type SearchTree,
  type VariableDefinition,
  type VariableFindings,
  type VariableOptions,
  type VariableProducers,
  type VariableReads,
  type VariableUse,
} from "../graph/index.js";
import type { Pathway } from "../model/index.js";
import type { BlandCliPushTarget } from "../interop/bland-cli/losses.js";
import type { RuleContext } from "../rules/index.js";

/** Lazily computed analyses of one pathway; each getter runs its analysis on first use. */
export interface LintFacts {
  /** The pathway's flow model (every way on, node roles). */
  readonly graph: FlowModel;
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

/** The rule context of a lint run: the validator's context plus the analyses of this run. */
export interface LintRuleContext extends RuleContext {
  readonly facts: LintFacts;
  /** How the pathway reaches the service through bland-cli (`LintOptions.pushTarget`), when it does. */
  readonly pushTarget?: BlandCliPushTarget;
}

/** Builds the analyses of the pathway in `context` for one run; nothing is computed until a rule asks. */
export function createLintFacts(context: RuleContext, options: VariableOptions = {}): LintFacts {
  const pathway = context.pathway as Pathway;
  const memo: Partial<Record<keyof LintFacts, unknown>> = {};
  const once = <K extends keyof LintFacts>(key: K, compute: () => LintFacts[K]): LintFacts[K] => {
    if (!(key in memo)) memo[key] = compute();
    return memo[key] as LintFacts[K];
  };
  const result: LintFacts = {
    get graph() {
      return once("graph", () => createFlowModel(pathway, context));
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
      return once("variableFindings", () => getVariableFindingsFrom(result.graph, result.uses, result.producers, options, result.search));
    },
  };
  return result;
}

/** The context with this run's analyses added (what the linter hands to `runPathwayRules`). */
export function withLintFacts(context: RuleContext, options: VariableOptions = {}): LintRuleContext {
  return { ...context, facts: createLintFacts(context, options) };
}

/**
 * The analyses of the run a rule is checking, from its context. A rule run outside the linter (a context without
 * facts) gets analyses of its own, built from that context alone: nothing is kept between calls.
 */
export function getLintFacts(context: RuleContext): LintFacts {
  const facts = (context as Partial<LintRuleContext>).facts;
  return facts ?? createLintFacts(context);
}
