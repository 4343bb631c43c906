// The static list of lint-only rule ids (used so validate need not load lint) matches lint's registry.
import { expect, it } from "vitest";
import { LINT_ONLY_RULE_IDS } from "../../src/engine/lint-rule-ids.js";
import { allRuleMetas } from "../../src/lint/index.js";
import { validationRuleMetas } from "../../src/validate/index.js";

it("lists exactly the rules lint runs and validate does not", () => {
  const validate = new Set(validationRuleMetas.map((m) => m.id));
  expect([...LINT_ONLY_RULE_IDS].sort()).toEqual(allRuleMetas.map((m) => m.id).filter((id) => !validate.has(id)).sort());
});
