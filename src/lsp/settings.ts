// The settings an editor gives the language server (initializationOptions, or the "pathwaykit" section of its workspace configuration), their defaults, and the one resolver.

/** What a client may set, every field optional: as `initializationOptions`, or as the `pathwaykit` section of its settings. */
export interface LspSettings {
  /**
   * Build `*.pathway.ts` / `*.pathway.mts` modules on save, as `pathway build` does: that runs the module's code (its
   * top level and every import) with the editor's permissions. Default false. The VS Code extension sets it to whether
   * the workspace is trusted.
   */
  runModules?: boolean;
  /**
   * Largest document analysed, in MB (of UTF-8); a larger one gets one `too-large-to-analyse` finding. Default: what
   * `pathway lsp` was started with (--max-file-size or PATHWAYKIT_MAX_FILE_SIZE), else 4 MB, ten times the largest
   * pathway of the service we have seen.
   */
  maxDocumentSizeMB?: number;
  /** Longest one analysis may take, in seconds, before it is stopped with one `analysis-took-too-long` finding. Default 5. */
  analysisTimeoutSeconds?: number;
  /**
   * Most memory (JavaScript heap) one analysis may use, in MB, before it is stopped with one `too-large-to-analyse`
   * finding. Default 256: a generated pathway just under 4 MB is analysed in under 96.
   */
  analysisMemoryMB?: number;
}

/** The resolved settings (`LspSettings` with the defaults filled in). */
export interface LspConfig {
  runModules: boolean;
  maxDocumentSizeMB: number;
  analysisTimeoutSeconds: number;
  analysisMemoryMB: number;
}

/** The settings section name: `pathwaykit.runModules` in an editor's settings. */
export const SETTINGS_SECTION = "pathwaykit";

/** The config when no client sets anything and `pathway lsp` was given no size. */
export const DEFAULT_LSP_CONFIG: LspConfig = { runModules: false, maxDocumentSizeMB: 4, analysisTimeoutSeconds: 5, analysisMemoryMB: 256 };

/** A number in [min, max]: a budget of 0 would refuse everything, and one past the limits means none. */
const inRange =
  (min: number, max: number) =>
  (value: unknown): value is number =>
    typeof value === "number" && Number.isFinite(value) && value >= min && value <= max;

/** What each setting must be, checked before it is used: a client's settings are whatever its user typed. */
const CHECKS: { [K in keyof LspConfig]: (value: unknown) => value is LspConfig[K] } = {
  runModules: (value): value is boolean => typeof value === "boolean",
  maxDocumentSizeMB: inRange(0.001, 1024),
  analysisTimeoutSeconds: inRange(0.01, 3600),
  // The thread with the engine loaded needs about that much: at 8 MB even a two-node pathway runs it out of memory.
  analysisMemoryMB: inRange(16, 16384),
};

/** `value` when it is a settings object, also when nested under `pathwaykit` (some clients send the whole settings tree). */
function sectionOf(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const nested = (value as Record<string, unknown>)[SETTINGS_SECTION];
  return typeof nested === "object" && nested !== null && !Array.isArray(nested) ? (nested as Record<string, unknown>) : (value as Record<string, unknown>);
}

/**
 * `base` with each known setting of each source applied in turn (a later source wins). A setting that is absent or
 * null leaves the value as it was; one of the wrong type is left out and named in `problems`, for the client's log.
 */
export function resolveLspConfig(base: LspConfig, ...sources: unknown[]): { config: LspConfig; problems: string[] } {
  const config: LspConfig = { ...base };
  const problems: string[] = [];
  for (const source of sources) {
    const section = sectionOf(source);
    if (!section) continue;
    for (const key of Object.keys(CHECKS) as (keyof LspConfig)[]) {
      const value = section[key];
      if (value === undefined || value === null) continue;
      if ((CHECKS[key] as (v: unknown) => boolean)(value)) (config as unknown as Record<string, unknown>)[key] = value;
      else problems.push(`${SETTINGS_SECTION}.${key} is ${JSON.stringify(value)}, which is not a valid value; it keeps ${JSON.stringify(config[key])}`);
    }
  }
  return { config, problems };
}
