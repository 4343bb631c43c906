// Every rule the toolkit can report (validation and lint), for generated docs, and which of them `validate` runs.
import { validationRuleMetas } from "../src/validate/index.js";

export { allRuleMetas as documentedRules } from "../src/lint/index.js";

/** Ids of the rules `pathway validate` runs. */
export const validateRuleIds: ReadonlySet<string> = new Set(validationRuleMetas.map((m) => m.id));
