// A language model as the persona runs see it: one request (system, messages, an optional JSON shape) and its answer with token counts.

/** One message of a model conversation. */
export interface ModelMessage {
  role: "user" | "assistant";
  content: string;
}

/** What a persona run asks a model: a system prompt, the conversation, and optionally the JSON shape the answer must have. */
export interface ModelRequest {
  system?: string;
  messages: ModelMessage[];
  /** Most tokens the answer may have (each request is bounded; the run's budget bounds them all). */
  maxTokens: number;
  /** Default 0: the same request asks for the same answer, as far as the provider allows. */
  temperature?: number;
  /** Asks for a JSON answer of this shape (OpenAI's `response_format`, Anthropic's `output_config`), where the provider supports it. */
  json?: { name: string; schema: Record<string, unknown> };
}

/** Tokens one or more requests used. */
export interface TokenUsage {
  input: number;
  output: number;
  requests: number;
}

/** A model's answer: its text and the tokens the request used. */
export interface ModelReply {
  text: string;
  usage: TokenUsage;
}

/** A model you bring (`openai:gpt-4o-mini`, `anthropic:claude-...`): answers one request at a time. Rejects with a message that says why. */
export interface ChatModel {
  /** `<provider>:<model>`, as the user named it. */
  readonly name: string;
  complete(request: ModelRequest): Promise<ModelReply>;
}
