// The whole rule catalogue, with lint's and the request rules' modules imported statically: for the commands that run those rules anyway.
import { allRuleMetas } from "../../lint/registry.js";
import { REQUEST_KINDS, requestRuleMetas } from "../../requests/index.js";
import { documentRuleMetas, validationRuleMetas, type RuleCatalogue } from "./rule-catalogue.js";

/** Every rule's meta, by the command that reports it (see {@link RuleCatalogue}). */
export const ruleCatalogue: RuleCatalogue = {
  document: documentRuleMetas,
  validate: validationRuleMetas,
  lint: allRuleMetas,
  request: requestRuleMetas,
  all: [...allRuleMetas, ...requestRuleMetas],
  requestKinds: REQUEST_KINDS,
};
