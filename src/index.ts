// The public API of pathwaykit: a chosen list (engine operations over files, the pure core, types); everything else is internal.

// Engine: what the CLI does, over files, through an injected host (see docs/library.md).
export { createNodeHost, DEFAULT_MAX_FILE_BYTES, type NodeHostOptions } from "./host/node-host.js";
export type { GlobOptions, Host, HostFetch, HostStat, WriteOptions } from "./host/host.js";
export { EngineError, isEngineError, type EngineErrorKind, type ErrorCode, type ErrorObject } from "./host/errors.js";
export { expandInputs, readInputs, INPUT_KINDS, type InputKind, type InputRef, type ReadInput, type ExpandOptions } from "./engine/project/inputs.js";
export {
  getPathwayProblem,
  isPathway,
  loadPathwayFile,
  loadPathwayFiles,
  requirePathway,
  type LoadedPathwayFile,
  type LoadPathwayOptions,
} from "./engine/project/load-pathway.js";
export { createLintConfigLoader, readBaselineFile, CONFIG_FILE_NAME, type LoadedLintConfig } from "./engine/project/config.js";
export { loadManifest, MANIFEST_FILE, type LoadedManifest, type Manifest, type ManifestEntry } from "./engine/project/manifest.js";
export { validateFiles, type ValidateFilesOptions } from "./engine/check/validate-files.js";
export { lintFiles, type LintFilesOptions, type LintFilesResult } from "./engine/check/lint-files.js";
export { formatFiles, type FormatFilesOptions, type FormatFileResult } from "./engine/check/format-files.js";
export { buildModules, type BuildModulesOptions, type BuildModulesResult, type BuildEntryResult } from "./engine/author/build-modules.js";
export { importPathway, type ImportPathwayOptions, type ImportPathwayResult } from "./engine/author/import-pathway.js";
export { analyzeFile, type AnalyzeFileOptions, type AnalyzedFile } from "./engine/review/analyze-file.js";
export { drawFiles, DIAGRAM_FORMATS, type DiagramFormat, type DrawFilesOptions, type DrawFilesResult, type DrawProblem } from "./engine/review/draw-files.js";
export { runScenarioFiles, type RunScenariosOptions } from "./engine/scenarios/run-scenarios.js";
export { generateScenarioFiles, type GenerateScenarioFilesOptions, type GeneratedScenarioFiles } from "./engine/scenarios/generate-scenario-files.js";
export { fetchPathways, type FetchPathwaysOptions, type FetchOutcome } from "./engine/release/fetch-pathways.js";
export { checkDrift, diffVersions, type DiffVersionsOptions, type DriftCheck, type DriftResult } from "./engine/release/diff-versions.js";
export { planPush, push, type PushOptions, type PushPlan, type PushReport, type PushFailure } from "./engine/release/push.js";
export { pushDraft, type DraftPushOptions, type DraftPushReport } from "./engine/release/push-draft.js";
export { publishVersion, type PublishOptions, type PublishReport } from "./engine/release/publish.js";
export { rollbackVersion, type RollbackOptions, type RollbackReport } from "./engine/release/rollback.js";
export { listMarkedVersions, type MarkedVersion, type VersionsReport } from "./engine/release/version-markers.js";
export type { RemoteOptions } from "./engine/project/remote-client.js";
export {
  checkRequestFiles,
  checkRequestInputs,
  toPathwayRef,
  type CheckRequestFilesOptions,
  type PathwayRef,
  type RequestFileResult,
  type RequestInput,
} from "./engine/check/check-requests.js";
export { checkRequestText, type CheckRequestOptions, type RequestCheckResult, type RequestKind } from "./requests/index.js";

// Model: the pathway's schema and types, and safe accessors.
export {
  DOCUMENTED_NODE_TYPES,
  EXTRACT_VAR_TYPES,
  KNOWN_NODE_TYPES,
  WEBHOOK_METHODS,
  PathwaySchema,
  NodeSchema,
  EdgeSchema,
  describeNode,
  getEdgeLabel,
  getEdges,
  getNodes,
  indexPathway,
  isGlobalConfigEntry,
  isGlobalNode,
  isObject,
  isStartNode,
  isTerminalNode,
  isTransferNode,
  nodeData,
  toCanonicalJson,
  toPathwayJsonSchema,
} from "./model/index.js";
export type * from "./model/index.js";

// Diagnostics and parsing.
export { compareDiagnostics, countBySeverity, parsePointer, toPointer } from "./diagnostics/index.js";
export type * from "./diagnostics/index.js";
export { decodeUtf8, parseDocument } from "./parse/index.js";
export type { ParseResult } from "./parse/index.js";

// Validation and lint.
export { validatePathway, validateValue, validationRuleMetas } from "./validate/index.js";
export type { RuleMeta, RuleSeverity, RuleSetting } from "./rules/index.js";
export type { ValidateOptions, ValidationResult } from "./validate/index.js";
export {
  LintConfigError,
  allRuleMetas,
  createBaseline,
  createBaselineFilter,
  createDefaultLintConfig,
  getFileLintSettings,
  lintPathway,
  resolveLintConfig,
} from "./lint/index.js";
export type { Baseline, LintConfig, LintOptions, LintResult } from "./lint/index.js";

// Graph analyses.
export {
  getDeadEnds,
  getDistances,
  getDominatorTree,
  getFlowWays,
  getGlobalNodes,
  getPathwayAnalysis,
  getPathwayStats,
  getReachability,
  getShortestPath,
  getStrandingGlobals,
  getTraps,
  getVariableFindings,
  getVariableUses,
} from "./graph/index.js";
export type { FlowEdgeKind, FlowWay, FlowWhen, PathwayAnalysis } from "./graph/index.js";

// Diagrams.
export { findDiagramNode, getDiagramAnnotations, getMermaidLimitProblems, toDirectedGraph, toDot, toMarkdown, toMermaid } from "./export/index.js";
export type { DiagramDirection, DirectedGraph } from "./export/index.js";

// Simulation and scenarios.
export {
  createInitialState,
  createInitialStateAsync,
  createKeywordDecider,
  createLiveWebhooks,
  createLlmDecider,
  createMockWebhooks,
  createScriptedDecider,
  createSimulator,
  generateScenarios,
  getCoverage,
  getScenarioJsonSchema,
  loadScenario,
  runScenario,
  runScenarioAsync,
  runScenarioLive,
  summariseRuns,
  toScenarioYaml,
  transition,
  transitionAsync,
} from "./simulate/index.js";
export type { Decider, LiveRunOptions, RepeatSummary, Scenario, ScenarioResult, SimState, Simulator, TestReport, Turn } from "./simulate/index.js";

// Remote service and semantic diff.
export { RemoteError, createPathwayClient, getPathwayHash, resolveRemoteSettings, toPushBody } from "./remote/index.js";
export type { ClientOptions, PathwayClient, FetchedPathway } from "./remote/index.js";
export { applyChanges, getPathwayDiff } from "./diff/index.js";
export type { DiffOptions, PathwayDiff, VersionsDiff } from "./diff/index.js";

// Builder and code generation.
export {
  PathwayBuildError,
  PathwayBuilder,
  defaultNode,
  endCall,
  isPathwayBuilder,
  knowledgeBase,
  node,
  pathway,
  transfer,
  variable,
  webhook,
} from "./builder/index.js";
export type * from "./builder/index.js";
export { formatPathwayDocument, toBuilderCode } from "./codegen/index.js";

// Formatters: pure (results, options) -> text.
export {
  diagnosticFormatters,
  diffFormatters,
  formatAnalysis,
  formatGithub,
  formatJson,
  formatSarif,
  formatStylish,
  formatTestJson,
  formatTestJunit,
  formatTestStylish,
  formatTestTap,
} from "./format/index.js";
export type { FormatOptions, Formatter } from "./format/index.js";
