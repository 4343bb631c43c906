// What the CLI needs to keep the API key out of everything it prints, and the remote limits it documents in --help.
export { createRedactor } from "../remote/redact.js";
export { API_KEY_ENV } from "../remote/settings.js";
export { DEFAULT_MAX_RESPONSE_BYTES } from "../remote/client.js";
