// The text `pathway chat` --help prints after its options: what it does in words, its exit codes and examples.

/** The commands a chat session takes, as `/help` prints them. */
export const CHAT_COMMANDS = `Type what the caller says. Commands:
  /edges          the choices here (edges out, global nodes), numbered
  /take <n|ref>   take choice n (or an edge id, label, or node name)
  /vars           the variables collected so far
  /back           undo the last turn
  /help           this help
  /quit           leave (also end of input)`;

/** `pathway chat`'s help after its options. */
export const CHAT_HELP = `
${CHAT_COMMANDS}

Input may be piped, one turn or command per line, so a session can be scripted. With --live each line goes to the
service's chat (the file's remote pathway; --pathway-version draft|<n>|production|staging for a saved version)
and its answers, node and variables are shown; only /vars and /quit apply there.

Exit codes: 0 the session ended (/quit or end of input), 2 usage error, or a file that cannot be read or is not a
pathway, or (--live) no API key, a version the service lacks, a network error.

Examples:
  $ pathway chat pathways/appointment-booking.json
  $ printf 'I want to book\\n/vars\\n/quit\\n' | pathway chat pathways/appointment-booking.json --no-color
  $ pathway chat pathways/appointment-booking.json --live --pathway-version draft`;
