// The llm decider of `pathway test` and `pathway chat`, from its flags or the PATHWAYKIT_LLM_* environment variables.
import type { Host } from "../../host/host.js";
import { toCappedFetch } from "../../host/capped-fetch.js";
import type { Decider } from "../../simulate/index.js";
import * as sim from "../../simulate/index.js";

/** What to do when the llm decider is asked for but has no model endpoint (pathway test and pathway chat). */
export const LLM_NOT_CONFIGURED =
  "--decider llm needs a model endpoint: set PATHWAYKIT_LLM_BASE_URL and PATHWAYKIT_LLM_MODEL (and PATHWAYKIT_LLM_API_KEY), or --llm-base-url and --llm-model.";

/** The llm decider from options or PATHWAYKIT_LLM_BASE_URL / _MODEL / _API_KEY in the host's environment; undefined when not configured. */
export async function createLlmDeciderFromEnv(
  host: Host,
  options: { llmBaseUrl?: string; llmModel?: string; maxResponseBytes?: number },
): Promise<Decider | undefined> {
  const baseUrl = options.llmBaseUrl ?? host.env.PATHWAYKIT_LLM_BASE_URL;
  const model = options.llmModel ?? host.env.PATHWAYKIT_LLM_MODEL;
  if (!baseUrl || !model) return undefined;
  const apiKey = host.env.PATHWAYKIT_LLM_API_KEY;
  return sim.createLlmDecider({ baseUrl, model, ...(apiKey && { apiKey }), fetch: toCappedFetch(host, options.maxResponseBytes) });
}
