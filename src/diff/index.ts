// The diff layer: semantic comparison of two pathways, and replaying the changes.
export { getPathwayDiff, getNonNodeEntries, toEndpointKey, toStringDiff } from "./diff-pathways.js";
export { toDiffSummary, filterDiffByKind } from "./diff-summary.js";
export {
  resolveDiffOptions,
  type DiffOptions,
  type DiffConfig,
  type DiffEntity,
  type DiffOp,
  type DiffSummary,
  type EdgeRef,
  type PathwayChange,
  type PathwayDiff,
  type VersionsDiff,
  type WordPart,
} from "./diff-types.js";
export { getTextDiff, getTextUnit, getWordParts, type TextDiff, type TextDiffOptions, type TextHunk, type HunkLine, type TextUnit } from "./text-hunks.js";
export { CHANGE_KINDS, getChangeKind, countByKind, isChangeKind, type ChangeKind, type KindCounts } from "./change-kind.js";
export { getDanglingReferences, type LikelyLoss, type LossType } from "./likely-losses.js";
export { applyChanges, type ApplyOptions } from "./apply.js";
export { IGNORED_FIELDS, toNodeView, toEdgeView, fromNodeView, fromEdgeView } from "./views.js";
export { getContentTokens, getContentSimilarity } from "./similarity.js";
export { isJsonEqual, cloneJson, toJsonPointer } from "./json-value.js";
