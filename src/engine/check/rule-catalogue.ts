// The one catalogue of every rule's meta (document, validate, lint, request): what the commands, the language server, config loading and the docs list.
import type { RequestKind } from "../../requests/models.js";
import type { RuleMeta } from "../../rules/rule.js";
import { documentRuleMetas, validationRuleMetas } from "../../validate/registry.js";

/** Every rule's meta, by the command that reports it. */
export interface RuleCatalogue {
  /** Findings about reading a file (encoding, syntax, nesting), which every command reports. */
  document: readonly RuleMeta[];
  /** What `pathway validate` reports: the document rules and the validation rules, sorted by id. */
  validate: readonly RuleMeta[];
  /** What `pathway lint` reports on a pathway: validate's rules and the lint rules, sorted by id. */
  lint: readonly RuleMeta[];
  /** What `pathway check-request` reports about a request body, sorted by id. */
  request: readonly RuleMeta[];
  /** Every rule (lint's, then the requests'): the ids pathway.config.json may set and docs/rules/ documents. */
  all: readonly RuleMeta[];
  /** The request kinds the request rules know, in the order `--kind` lists them. */
  requestKinds: readonly RequestKind[];
}

/**
 * The validate set, loaded with the catalogue's module: validate's rules declare no options, so they need no zod, and
 * `pathway validate` (the CI gate) starts without lint's or the requests' modules.
 */
export { documentRuleMetas, validationRuleMetas };

let catalogue: Promise<RuleCatalogue> | undefined;

/**
 * The whole catalogue. Lint's and the request rules' modules load zod and yaml, so they are imported on first use (once
 * per process): the validate set above is all `pathway validate` needs, until a `--rule` names a rule it does not run.
 * Commands that run those rules anyway import `ruleCatalogue` from rule-catalogue-full.ts.
 */
export function loadRuleCatalogue(): Promise<RuleCatalogue> {
  catalogue ??= import("./rule-catalogue-full.js").then((full) => full.ruleCatalogue);
  return catalogue;
}
