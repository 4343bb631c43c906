// Where the base URL and API key come from: flag, then environment, then project config, then the default.
import { DEFAULT_BASE_URL } from "./client.js";

import { API_KEY_ENV, ENCRYPTED_KEY_ENV } from "./redact.js";

export { API_KEY_ENV };
/** Environment variable overriding the base URL. */
export const BASE_URL_ENV = "PATHWAYKIT_BASE_URL";

/** What the caller knows; `env` is passed in so this stays pure. */
export interface RemoteSettingsInput {
  /** `--base-url`. */
  baseUrl?: string;
  env: Readonly<Record<string, string | undefined>>;
  /** `baseUrl` from the project manifest or config. */
  configBaseUrl?: string;
  /** An API key from config (discouraged: config files get committed). */
  configApiKey?: string;
}

/** The resolved base URL and key, and where the URL came from (for messages). */
export interface RemoteSettings {
  baseUrl: string;
  baseUrlSource: "flag" | "env" | "config" | "default";
  apiKey?: string;
  /** PATHWAYKIT_ENCRYPTED_KEY, when set: sent as `encrypted_key` where an endpoint takes it. */
  encryptedKey?: string;
}

/** Resolves `--base-url` > PATHWAYKIT_BASE_URL > config > DEFAULT_BASE_URL, PATHWAYKIT_API_KEY > config for the key, and PATHWAYKIT_ENCRYPTED_KEY. */
export function resolveRemoteSettings(input: RemoteSettingsInput): RemoteSettings {
  const nonEmpty = (v: string | undefined) => (v !== undefined && v.trim() !== "" ? v.trim() : undefined);
  const flag = nonEmpty(input.baseUrl);
  const env = nonEmpty(input.env[BASE_URL_ENV]);
  const config = nonEmpty(input.configBaseUrl);
  const baseUrl = flag ?? env ?? config ?? DEFAULT_BASE_URL;
  const baseUrlSource = flag ? "flag" : env ? "env" : config ? "config" : "default";
  const apiKey = nonEmpty(input.env[API_KEY_ENV]) ?? nonEmpty(input.configApiKey);
  const encryptedKey = nonEmpty(input.env[ENCRYPTED_KEY_ENV]);
  return { baseUrl, baseUrlSource, ...(apiKey !== undefined && { apiKey }), ...(encryptedKey !== undefined && { encryptedKey }) };
}
