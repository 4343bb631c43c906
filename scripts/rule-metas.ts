// Every rule the toolkit can report (document, validate, lint, request), in the one rule shape, for generated docs.
import { allRuleMetas } from "../src/lint/index.js";
import { requestRuleMetas } from "../src/requests/index.js";
import type { RuleMeta } from "../src/rules/index.js";

/** Every rule the README documents: document, validation and lint rules, then the request rules of `pathway check-request`. */
export const documentedRules: readonly RuleMeta[] = [...allRuleMetas, ...requestRuleMetas];
