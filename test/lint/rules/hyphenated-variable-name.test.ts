// Table test of hyphenated-variable-name: a note, once per hyphenated name, where the file first names it.
import { ruleTable } from "../../support/rule-table.js";
import { END, START, edge, pathwayText } from "../../support/pathway-text.js";
import { lintText } from "../support.js";

const ask = (vars: string, id = "ask") => `{"id": "${id}", "type": "Default", "data": {"name": "Ask", "prompt": "Ask for it.", "extractVars": ${vars}}}`;
const say = (text: string, id = "say") => `{"id": "${id}", "type": "Default", "data": {"name": "Say", "prompt": ${JSON.stringify(text)}}}`;
const chain = [edge("e1", "start", "ask"), edge("e2", "ask", "say"), edge("e3", "say", "end")];
const NOTE = (name: string) => ({ messageId: "hyphenatedName", data: { name } });

ruleTable("hyphenated-variable-name", lintText, {
  valid: [
    {
      name: "names of letters, digits and underscores",
      text: pathwayText([START, ask('[["party_size", "integer", "How many"]]'), say("A table for {{party_size}}."), END], chain),
    },
    {
      name: "a hyphen in the text around a placeholder",
      text: pathwayText([START, ask('[["size", "integer", "How many"]]'), say("Party-size: {{size}} - thanks."), END], chain),
    },
  ],
  invalid: [
    {
      name: "an extracted name with a hyphen, read later: one note, at the extraction",
      text: pathwayText([START, ask('[[«"bland-prompt", "string", "The prompt"]]'), say("Follow {{bland-prompt}}."), END], chain),
      findings: [{ pointer: "/nodes/1/data/extractVars/0/0", ...NOTE("bland-prompt") }],
    },
    {
      name: "a read of a hyphenated name the file does not set: the note at the read (undefined-variable says it is never set)",
      text: pathwayText([START, ask('[["size", "integer", "How many"]]'), say("Follow «{{bland-prompt}} for {{size}}."), END], chain),
      findings: [{ pointer: "/nodes/2/data/prompt", ...NOTE("bland-prompt") }],
    },
  ],
});
