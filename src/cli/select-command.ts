// Which command an argument list names, so that the program loads that one command's code.

/** The command word in `argv` (user arguments only): `pathway help <name>` counts as <name>; undefined when none is given. */
export function selectCommandName(argv: readonly string[]): string | undefined {
  // The value of the one program option given as a separate word is not a command name.
  const words = argv.filter((a, i) => !a.startsWith("-") && argv[i - 1] !== "--max-file-size");
  return words[0] === "help" ? words[1] : words[0];
}
