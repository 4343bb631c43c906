// Every rule the toolkit can report (document, validate, lint, request), in the one rule shape, for generated docs.
import { loadRuleCatalogue } from "../../src/engine/check/rule-catalogue.js";
import type { RuleMeta } from "../../src/rules/index.js";

/** Every rule docs/rules/ documents: document, validation and lint rules, then the request rules of `pathway check-request`. */
export const documentedRules: readonly RuleMeta[] = (await loadRuleCatalogue()).all;
