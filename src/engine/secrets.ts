// What the CLI needs at start to keep secrets out of everything it prints: the redactor and the key's variable name (no client).
export { createRedactor } from "../remote/redact.js";
export { API_KEY_ENV } from "../remote/env-names.js";
