// `<provider>:<model>`, as --caller-model, --judge-model, --agent-model and pathway.config.json name a model.

/** The providers pathwaykit talks to: any OpenAI-compatible chat-completions endpoint, and Anthropic's Messages API. */
export const MODEL_PROVIDERS = ["openai", "anthropic"] as const;

/** One of MODEL_PROVIDERS. */
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

/** A model named by the user: its provider and the model id the provider knows. */
export interface ModelRef {
  provider: ModelProvider;
  model: string;
}

/**
 * Reads `<provider>:<model>` (`openai:gpt-4o-mini`, `anthropic:claude-haiku-4-5`, `openai:llama3.1:8b` for Ollama: the
 * model id may hold colons). Returns the reference, or a sentence saying what is wrong.
 */
export function parseModelRef(text: string): { ok: true; ref: ModelRef } | { ok: false; message: string } {
  const at = text.indexOf(":");
  const provider = at < 0 ? "" : text.slice(0, at).trim().toLowerCase();
  const model = at < 0 ? "" : text.slice(at + 1).trim();
  if (!(MODEL_PROVIDERS as readonly string[]).includes(provider) || model === "" || /[\u0000-\u001f\u007f]/.test(model)) {
    return {
      ok: false,
      message: `expected <provider>:<model> with provider ${MODEL_PROVIDERS.join(" or ")}, e.g. openai:gpt-4o-mini or anthropic:claude-haiku-4-5`,
    };
  }
  return { ok: true, ref: { provider: provider as ModelProvider, model } };
}

/** The reference written back as `<provider>:<model>`. */
export function toModelName(ref: ModelRef): string {
  return `${ref.provider}:${ref.model}`;
}
