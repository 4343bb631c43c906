// The ids of the lint-only rules, as a plain list: validate names them in a usage error without loading the lint rule graph.

/** Rules `pathway lint` runs and `pathway validate` does not (a test keeps this equal to lint's registry). */
export const LINT_ONLY_RULE_IDS: ReadonlySet<string> = new Set([
  "dead-end",
  "duplicate-edge-label",
  "empty-edge-label",
  "maybe-unset-variable",
  "prompt-too-long",
  "self-loop-without-condition",
  "start-node-is-global",
  "trap-cycle",
  "undefined-variable",
  "unreachable-node",
  "unused-extracted-variable",
  "webhook-missing-default-route",
]);
