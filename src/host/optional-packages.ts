// The packages a lean install leaves out (optional peer dependencies), and the error that names the command installing them.
import { EngineError } from "./errors.js";

/** What needs an optional package: drawing images, `pathway import`, `pathway build`. */
export type OptionalFeature = "images" | "import" | "build";

/**
 * Each feature's packages with the ranges package.json's peerDependencies give (a test keeps them equal): `npm i -D`
 * with a range installs a version the peer check accepts, where a bare name would take whatever is latest.
 */
export const OPTIONAL_PACKAGES: Readonly<Record<OptionalFeature, { what: string; packages: Readonly<Record<string, string>> }>> = {
  images: { what: "Drawing images with Mermaid (diagram -f svg), and any PNG or PDF,", packages: { mermaid: "^11.17.2", "puppeteer-core": "^24.43.1" } },
  import: { what: "pathway import", packages: { "ts-morph": "^28.0.0" } },
  build: { what: "pathway build", packages: { tsx: "^4.23.15" } },
};

/** The one command that installs what `feature` needs. */
export function getInstallCommand(feature: OptionalFeature): string {
  return `npm i -D ${Object.entries(OPTIONAL_PACKAGES[feature].packages)
    .map(([name, range]) => `${name}@${range}`)
    .join(" ")}`;
}

/**
 * True when `error` is Node failing to find one of `feature`'s packages itself (import or require.resolve), not a module
 * inside it: a package that is there but broken stays an error of its own.
 */
export function isMissingOptionalPackage(error: unknown, feature: OptionalFeature): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (!(error instanceof Error) || (code !== "ERR_MODULE_NOT_FOUND" && code !== "MODULE_NOT_FOUND")) return false;
  const missing = /^Cannot find (?:package|module) '([^']+)'/.exec(error.message)?.[1];
  return missing !== undefined && Object.keys(OPTIONAL_PACKAGES[feature].packages).some((name) => missing === name || missing.startsWith(`${name}/`));
}

/**
 * The error for a missing optional package: what needs it and the one command that installs it (exit code 2 in the CLI).
 * `instead`, when given, is a way to do without it, said on a line of its own before the install command.
 */
export function createMissingPackageError(feature: OptionalFeature, instead?: string): EngineError {
  const { what, packages } = OPTIONAL_PACKAGES[feature];
  const names = Object.keys(packages);
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)!}`;
  const why = `${what} needs ${list}, which pathwaykit leaves optional so that installs for validate, lint and test stay small`;
  const install = `install ${names.length === 1 ? "it" : "them"} with: ${getInstallCommand(feature)}`;
  return new EngineError("config", instead === undefined ? `${why}; ${install}` : `${why}.\n${instead}\nOr ${install}`, "missing-package");
}
