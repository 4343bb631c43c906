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
export { convertPathway, type ConvertFormat, type ConvertPathwayOptions, type ConvertPathwayResult } from "./engine/author/convert-pathway.js";
export { analyzeFile, type AnalyzeFileOptions, type AnalyzedFile } from "./engine/review/analyze-file.js";
export { drawFiles, DIAGRAM_FORMATS, type DiagramFormat, type DrawFilesOptions, type DrawFilesResult, type DrawProblem } from "./engine/review/draw-files.js";
export { runScenarioFiles, type RunScenariosOptions } from "./engine/scenarios/run-scenarios.js";
export { generateScenarioFiles, type GenerateScenarioFilesOptions, type GeneratedScenarioFiles } from "./engine/scenarios/generate-scenario-files.js";
export { generatePersonaFiles, type GeneratePersonaFilesOptions, type GeneratedPersonaFiles } from "./engine/scenarios/generate-persona-files.js";
export { createPersonaModels, type PersonaModelOptions, type PersonaModelSet } from "./engine/scenarios/persona-models.js";
export { pushServerScenarios, type PushedScenario, type PushScenariosOptions, type PushScenariosReport } from "./engine/scenarios/server/push-scenarios.js";
export { pullServerScenarios, type PullScenariosOptions, type PullScenariosReport } from "./engine/scenarios/server/pull-scenarios.js";
export { runServerScenarios, type RunServerScenariosOptions } from "./engine/scenarios/server/run-server.js";
export type { ServerRunOptions } from "./engine/scenarios/server/run-on-server.js";
export { fetchPathways, type FetchPathwaysOptions, type FetchOutcome } from "./engine/release/fetch-pathways.js";
export { checkDrift, diffVersions, type DiffVersionsOptions, type DriftCheck, type DriftResult } from "./engine/release/diff-versions.js";
export { planPush, push, type PushOptions, type PushPlan, type PushReport, type PushFailure } from "./engine/release/push.js";
export { pushDraft, type DraftPushOptions, type DraftPushReport } from "./engine/release/push-draft.js";
export { publishVersion, type PublishOptions, type PublishReport } from "./engine/release/publish.js";
export { rollbackVersion, type RollbackOptions, type RollbackReport } from "./engine/release/rollback.js";
export { listMarkedVersions, type MarkedVersion, type VersionsReport } from "./engine/release/version-markers.js";
export { getPathwayUsage, readPathwayUsage, type PathwayUsage, type UsageOptions, type UsageTarget } from "./engine/usage/read-usage.js";
export type { ReleaseUsage } from "./engine/usage/release-usage.js";
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
export {
  checkCampaignConfiguration,
  checkInboundConfiguration,
  checkRequestText,
  type CheckRequestOptions,
  type ConfigurationCheck,
  type ConfigurationCheckOptions,
  type RequestCheckResult,
  type RequestKind,
} from "./requests/index.js";

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
  runPersonaLive,
  runPersonaScenario,
  runPersonaWith,
  generatePersonaScenarios,
  summariseRuns,
  toScenarioYaml,
  transition,
  transitionAsync,
} from "./simulate/index.js";
export type {
  Decider,
  JudgeVerdict,
  LivePersonaOptions,
  LiveRunOptions,
  PersonaScenarioOptions,
  RepeatSummary,
  RunTokens,
  Scenario,
  ScenarioResult,
  ServerAssertionResult,
  ServerCaseReport,
  ServerRunReport,
  ServerSuggestion,
  SimState,
  Simulator,
  TestReport,
  TranscriptLine,
  Turn,
} from "./simulate/index.js";

// Models you bring (persona scenarios): OpenAI-compatible and Anthropic clients over an injected transport, recordings, the token budget.
export {
  createHttpModel,
  createRecordingTransport,
  createReplayTransport,
  createTokenBudget,
  parseModelRef,
  type HttpModelOptions,
  type ModelRef,
  type ModelTransport,
  type RecordingStore,
} from "./llm/index.js";

// Remote service and semantic diff.
export { RemoteError, createPathwayClient, getPathwayHash, resolveRemoteSettings, toPushBody } from "./remote/index.js";
export type {
  AgentTestingApi,
  ClientOptions,
  PathwayClient,
  FetchedPathway,
  ServerBatch,
  ServerRun,
  ServerScenario,
  ServerSimulationSet,
} from "./remote/index.js";
export { applyChanges, getPathwayDiff } from "./diff/index.js";
export type { DiffOptions, PathwayDiff, VersionsDiff } from "./diff/index.js";

// bland-cli projects: its files to the pathway its push sends (with a source map) and back, what each way loses, its test cases.
export { readBlandCliFile, type BlandCliDocument } from "./interop/bland-cli/read-file.js";
export { fromBlandCliFile, type FromBlandCliFile } from "./interop/bland-cli/from-file.js";
export { toBlandCliFile, type ToBlandCliFile } from "./interop/bland-cli/to-file.js";
export { getPushLosses } from "./interop/bland-cli/push-losses.js";
export { BLAND_CLI_PATHWAY_FILE_NAMES, type BlandCliFile } from "./interop/bland-cli/file.js";
export type { BlandCliLoss, BlandCliLossId, BlandCliPushTarget } from "./interop/bland-cli/losses.js";
export { checkBlandCliTestCases, readBlandCliTestFile, type BlandCliTestCase, type BlandCliTestFile } from "./interop/bland-cli/test-cases.js";
export { toScenario } from "./interop/bland-cli/to-scenario.js";

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
  formatUsageMarkdown,
  formatUsageText,
} from "./format/index.js";
export type { FormatOptions, Formatter } from "./format/index.js";
