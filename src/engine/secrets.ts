// The secrets the CLI hides in everything it prints or writes: the environment variables that hold keys, and the redactor.
export { API_KEY_ENV, createRedactor, REDACTED } from "../remote/redact.js";
