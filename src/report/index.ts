// The report layer (pure): a laid-out pathway with its findings, diff and coverage as one self-contained HTML page.
export * from "./report-data.js";
export * from "./report-html.js";
export { maskSecrets, maskText, isMaskedPath, isSecretKey, MASK } from "./mask.js";
export { maskDiff } from "./mask-diff.js";
export { REPORT_CLIENT_SCRIPT } from "./client-script.js";
export { REPORT_STYLES } from "./styles.js";
