// Shell completion scripts (bash, zsh, fish) for `pathway completion`, built from the commands' own names and options.

/** What completion needs of one command. */
export interface CompletionCommand {
  name: string;
  summary: string;
  /** Long and short flags, e.g. ["--format", "-f"]; `takesValue` when a value follows; `values` the ones to offer (enumerated). */
  options: { long?: string; short?: string; description: string; takesValue?: boolean; values?: readonly string[] }[];
  /** Values of the first argument (a shell, a subcommand name), when it is enumerated. */
  args?: readonly string[];
}

/** The shells `pathway completion` writes scripts for. */
export const COMPLETION_SHELLS = ["bash", "zsh", "fish"] as const;

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The bash `case` arm completing the values of `command`'s enumerated options, after the option word ($prev). */
function bashValueCases(command: CompletionCommand): string {
  const arms = command.options
    .filter((o) => o.values && o.values.length > 0)
    .map((o) => `        ${[o.short, o.long].filter(Boolean).join("|")}) values=${quote(o.values!.join(" "))} ;;`);
  return arms.length === 0 ? "" : `\n      case "$prev" in\n${arms.join("\n")}\n      esac`;
}

function bash(commands: readonly CompletionCommand[]): string {
  const cases = commands
    .map(
      (c) =>
        `    ${c.name}) opts=${quote([...c.options.flatMap((o) => [o.long, o.short].filter(Boolean)), "--help"].join(" "))} args=${quote((c.args ?? []).join(" "))}${bashValueCases(c)} ;;`,
    )
    .join("\n");
  return `# pathway completion for bash: eval "$(pathway completion bash)"
_pathway() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" opts="" args="" values=""
  # --format=json: bash splits the word at "=" (COMP_WORDBREAKS), so the option is one word further back.
  if [ "$cur" = "=" ]; then cur=""; elif [ "$prev" = "=" ] && [ "$COMP_CWORD" -ge 2 ]; then prev="\${COMP_WORDS[COMP_CWORD-2]}"; fi
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=( $(compgen -W ${quote(`${commands.map((c) => c.name).join(" ")} help --help --version`)} -- "$cur") )
    return
  fi
  case "\${COMP_WORDS[1]}" in
${cases}
  esac
  if [ -n "$values" ]; then COMPREPLY=( $(compgen -W "$values" -- "$cur") )
  elif [[ "$cur" == -* ]]; then COMPREPLY=( $(compgen -W "$opts" -- "$cur") )
  elif [ -n "$args" ] && [ "$COMP_CWORD" -eq 2 ]; then COMPREPLY=( $(compgen -W "$args" -- "$cur") )
  else COMPREPLY=( $(compgen -f -- "$cur") ); fi
}
complete -o default -F _pathway pathway
`;
}

function fish(commands: readonly CompletionCommand[]): string {
  const lines = [
    "# pathway completion for fish: pathway completion fish > ~/.config/fish/completions/pathway.fish",
    "complete -c pathway -f -n __fish_use_subcommand -a help -d 'display help for command'",
  ];
  for (const c of commands) {
    lines.push(`complete -c pathway -f -n __fish_use_subcommand -a ${c.name} -d ${quote(c.summary)}`);
    if (c.args && c.args.length > 0) lines.push(`complete -c pathway -f -n '__fish_seen_subcommand_from ${c.name}' -a ${quote(c.args.join(" "))}`);
    for (const o of c.options) {
      const flags = [o.long ? `-l ${o.long.replace(/^--/, "")}` : "", o.short ? `-s ${o.short.replace(/^-/, "")}` : ""].filter(Boolean).join(" ");
      // -x: a value from the list follows; -r: some value (a file) follows.
      const value = o.values && o.values.length > 0 ? ` -x -a ${quote(o.values.join(" "))}` : o.takesValue ? " -r" : "";
      lines.push(`complete -c pathway -n '__fish_seen_subcommand_from ${c.name}' ${flags}${value} -d ${quote(o.description)}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** The completion script for `shell`. zsh reuses the bash script through bashcompinit. */
export function toCompletionScript(shell: (typeof COMPLETION_SHELLS)[number], commands: readonly CompletionCommand[]): string {
  if (shell === "fish") return fish(commands);
  const script = bash(commands);
  return shell === "zsh" ? `# pathway completion for zsh: eval "$(pathway completion zsh)"\nautoload -U +X bashcompinit && bashcompinit\n${script}` : script;
}
