// The bounds of a scenario run, on their own so that a command's flags can state them without loading the runner.

/** The most runs of each scenario `repeat` asks for: a pass rate to 0.01%, and an offline suite that still ends. */
export const MAX_REPEAT = 10_000;

/** Tokens (input and output) all model requests of one `pathway test` run may use unless --token-budget says otherwise. */
export const DEFAULT_TOKEN_BUDGET = 2_000_000;
