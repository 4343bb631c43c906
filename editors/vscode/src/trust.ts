// What workspace trust decides for the extension: which pathway executable may start, and whether the server may run pathway modules. No vscode import, so it is tested on its own.

/** Where `pathway` is: an executable the setting names, or a script run by the editor's own Node (the project's, else the bundled copy). */
export type Server = { command: string } | { script: string; bundled?: true };

/** What `chooseServer` picks from. */
export interface ServerCandidates {
  /** Whether the workspace is trusted (vscode.workspace.isTrusted). */
  trusted: boolean;
  /** `pathwaykit.serverPath` as VS Code gives it: in a restricted workspace only the user's own value, never the workspace's. */
  configured?: string;
  /** node_modules/pathwaykit/bin/pathway.cjs of each workspace folder where it exists. */
  projectScripts: readonly string[];
  /** The copy inside the extension. */
  bundled: string;
}

/**
 * The setting, else the project's own install (the editor then reports what CI reports), else the bundled copy. The
 * project's install is code from the workspace: in a workspace that is not trusted it is not started, and the copy
 * that came with the extension serves instead.
 */
export function chooseServer(candidates: ServerCandidates): Server {
  if (candidates.configured) return { command: candidates.configured };
  const project = candidates.trusted ? candidates.projectScripts[0] : undefined;
  return project ? { script: project } : { script: candidates.bundled, bundled: true };
}

/** The server's settings section as sent to it (initializationOptions, and each answer to workspace/configuration). */
export type PathwaykitSection = Record<string, unknown>;

/**
 * `section` with `runModules` set by trust alone: analysing a `*.pathway.ts` module means running it, and neither a
 * workspace's settings.json nor a user setting may turn that on in a workspace the user has not trusted.
 */
export function withTrust(section: unknown, trusted: boolean): PathwaykitSection {
  const own = typeof section === "object" && section !== null && !Array.isArray(section) ? (section as PathwaykitSection) : {};
  return { ...own, runModules: trusted };
}
