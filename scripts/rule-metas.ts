// Every rule the toolkit can report (validation, lint, requests), for generated docs, and which of them `validate` runs.
import { validationRuleMetas } from "../src/validate/index.js";
import { allRuleMetas } from "../src/lint/index.js";
import { requestRuleMetas } from "../src/requests/index.js";
import type { RuleDescriptor } from "../src/diagnostics/index.js";

/** Every rule the README documents: validation and lint rules, then the request rules of `pathway check-request`. */
export const documentedRules: readonly RuleDescriptor[] = [...allRuleMetas, ...requestRuleMetas];

/** Ids of the rules `pathway validate` runs. */
export const validateRuleIds: ReadonlySet<string> = new Set(validationRuleMetas.map((m) => m.id));
