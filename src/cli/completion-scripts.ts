// Shell completion scripts (bash, zsh, fish) for `pathway completion`, built from the commands' own names and options.

/** What completion needs of one command. */
export interface CompletionCommand {
  name: string;
  summary: string;
  /** Long and short flags, e.g. ["--format", "-f"]. */
  options: { long?: string; short?: string; description: string }[];
}

/** The shells `pathway completion` writes scripts for. */
export const COMPLETION_SHELLS = ["bash", "zsh", "fish"] as const;

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function bash(commands: readonly CompletionCommand[]): string {
  const cases = commands.map((c) => `    ${c.name}) opts=${quote(c.options.flatMap((o) => [o.long, o.short].filter(Boolean)).join(" ") + " --help")} ;;`).join("\n");
  return `# pathway completion for bash: eval "$(pathway completion bash)"
_pathway() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" opts=""
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W ${quote(commands.map((c) => c.name).join(" ") + " help --help --version")} -- "$cur") )
    return
  fi
  case "\${COMP_WORDS[1]}" in
${cases}
  esac
  if [[ "$cur" == -* ]]; then COMPREPLY=( $(compgen -W "$opts" -- "$cur") ); else COMPREPLY=( $(compgen -f -- "$cur") ); fi
}
complete -o default -F _pathway pathway
`;
}

function fish(commands: readonly CompletionCommand[]): string {
  const lines = ["# pathway completion for fish: pathway completion fish > ~/.config/fish/completions/pathway.fish", "complete -c pathway -f -n __fish_use_subcommand -a help -d 'display help for command'"];
  for (const c of commands) {
    lines.push(`complete -c pathway -f -n __fish_use_subcommand -a ${c.name} -d ${quote(c.summary)}`);
    for (const o of c.options) {
      const flags = [o.long ? `-l ${o.long.replace(/^--/, "")}` : "", o.short ? `-s ${o.short.replace(/^-/, "")}` : ""].filter(Boolean).join(" ");
      lines.push(`complete -c pathway -n '__fish_seen_subcommand_from ${c.name}' ${flags} -d ${quote(o.description)}`);
    }
  }
  return lines.join("\n") + "\n";
}

/** The completion script for `shell`. zsh reuses the bash script through bashcompinit. */
export function toCompletionScript(shell: (typeof COMPLETION_SHELLS)[number], commands: readonly CompletionCommand[]): string {
  if (shell === "fish") return fish(commands);
  const script = bash(commands);
  return shell === "zsh" ? `# pathway completion for zsh: eval "$(pathway completion zsh)"\nautoload -U +X bashcompinit && bashcompinit\n${script}` : script;
}
