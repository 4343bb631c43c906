// Renders docs/reference/formats.md: which formats each command offers (from the built program) and what each holds (docs/reference/src/formats.md).
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildCommands } from "./commands.js";
import { generatedNotice, ROOT } from "./markdown.js";

/** The formats a command's `-f, --format` offers, without the `stylish` alias of `text`. */
function formatsOf(command: import("commander").Command): string[] {
  return (command.options.find((o) => o.long === "--format")?.argChoices ?? []).filter((f) => f !== "stylish");
}

/** The text of docs/reference/formats.md. */
export async function renderFormatsReference(): Promise<string> {
  const file = path.join(ROOT, "docs/reference/src/formats.md");
  const source = readFileSync(file, "utf8");
  const [intro, ...sections] = source.split(/^(?=## )/m);
  // A `## name` heading of one word is a format's section; others (files the commands write) follow as they are.
  const described = new Map(sections.map((s) => [/^## (\S+)\n/.exec(s)?.[1], s] as const).filter((e): e is [string, string] => e[0] !== undefined));
  const { commands } = await buildCommands();
  const offering = commands.map(({ words, command }) => ({ words, formats: formatsOf(command) })).filter((c) => c.formats.length > 0);
  const used = new Set(offering.flatMap((c) => c.formats));
  const undescribed = [...used].filter((f) => !described.has(f));
  if (undescribed.length > 0) throw new Error(`${file} has no "## <format>" section for ${undescribed.join(", ")}`);
  const unused = [...described.keys()].filter((f) => !used.has(f));
  if (unused.length > 0) throw new Error(`${file} describes formats no command offers: ${unused.join(", ")}`);
  const lines = [
    generatedNotice("the commands' --format choices and docs/reference/src/formats.md"),
    intro!.trim(),
    "",
    "| command | formats (the first is the default) |",
    "|---|---|",
    ...offering.map(
      ({ words, formats }) =>
        `| [\`pathway ${words.join(" ")}\`](commands.md#pathway-${words.join("-")}) | ${formats.map((f) => `[\`${f}\`](#${f})`).join(", ")} |`,
    ),
    "",
  ];
  for (const section of sections) {
    const name = /^## (\S+)\n/.exec(section)?.[1];
    const body = section.trim();
    if (name === undefined) {
      lines.push(body, "");
      continue;
    }
    const by = offering.filter((c) => c.formats.includes(name)).map((c) => `\`pathway ${c.words.join(" ")}\``);
    const [heading, ...rest] = body.split("\n");
    lines.push(heading!, "", `Offered by ${by.join(", ")}.`, ...rest, "");
  }
  return lines.join("\n").replace(/\n+$/, "\n");
}
