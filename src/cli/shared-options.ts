// The flags many commands share, declared once in one table; each entry names the option it fills (an engine option for the LLM flags).
import { Option } from "commander";
import type { OpenChatOptions } from "../engine/scenarios/chat-session.js";
import type { RunScenariosOptions } from "../engine/scenarios/run-scenarios.js";

/** What `--color` / `--no-color` set: the one presentation option of every printing command (formatters take it as `color`). */
export interface ColorOptions {
  color?: boolean;
}

/** The LLM decider's settings, as `pathway test` and `pathway chat` hand them to the engine (the same keys in both). */
type LlmOptionKey = keyof RunScenariosOptions & keyof OpenChatOptions & ("llmBaseUrl" | "llmModel");

/** One shared flag: commander's flags and help line, and the option key commander sets (typed against where it goes). */
interface SharedOptionSpec<Key extends string> {
  flags: string;
  description: string;
  key: Key;
}

/**
 * Every shared flag. Format (`createFormatOption`), report output (`createReportOutputOption`) and the remote flags
 * (`addRemoteOptions`) are factories of their own, since their choices and descriptions differ by command.
 */
export const SHARED_OPTIONS = {
  color: { flags: "--color", description: "force colours even when not writing to a terminal", key: "color" },
  noColor: { flags: "--no-color", description: "disable colours (also NO_COLOR=1)", key: "color" },
  llmBaseUrl: { flags: "--llm-base-url <url>", description: "OpenAI-compatible endpoint for --decider llm (default: $PATHWAYKIT_LLM_BASE_URL)", key: "llmBaseUrl" },
  llmModel: { flags: "--llm-model <name>", description: "model for --decider llm (default: $PATHWAYKIT_LLM_MODEL); the key comes from $PATHWAYKIT_LLM_API_KEY", key: "llmModel" },
} as const satisfies {
  color: SharedOptionSpec<keyof ColorOptions>;
  noColor: SharedOptionSpec<keyof ColorOptions>;
  llmBaseUrl: SharedOptionSpec<LlmOptionKey>;
  llmModel: SharedOptionSpec<LlmOptionKey>;
};

/** The shared flag `name` as a commander Option (`description` only where a command says more, as import's error output). */
export function sharedOption(name: keyof typeof SHARED_OPTIONS, description?: string): Option {
  const spec = SHARED_OPTIONS[name];
  return new Option(spec.flags, description ?? spec.description);
}
