// What `--pathway-version` names (a number, draft, production or staging), parsed without loading the remote client.

/** What `--pathway-version` takes. */
export type VersionSpec = number | "draft" | "production" | "staging";

/** Parses `--pathway-version`; undefined when it is none of a whole number, draft, production, staging. */
export function parseVersionSpec(text: string): VersionSpec | undefined {
  if (text === "draft" || text === "production" || text === "staging") return text;
  return /^\d{1,9}$/.test(text) && Number(text) >= 1 ? Number(text) : undefined;
}
