// Builds docs/api.md from src/index.ts: every public export with its kind and the first sentence of its TSDoc, by section.
import { Node, Project } from "ts-morph";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The text of docs/api.md for the current src/index.ts. */
export function renderApiReference(): string {
  const project = new Project({ tsConfigFilePath: path.join(ROOT, "tsconfig.json"), skipAddingFilesFromTsConfig: true });
  const index = project.addSourceFileAtPath(path.join(ROOT, "src/index.ts"));
  project.resolveSourceFileDependencies();
  const exported = index.getExportedDeclarations();
  // Sections follow the `// Title: ...` comments of src/index.ts, in order.
  const sections: { title: string; names: string[] }[] = [];
  for (const statement of index.getStatements()) {
    const comment = statement
      .getLeadingCommentRanges()
      .map((c) => c.getText())
      .filter((t) => /^\/\/ [A-Z]/.test(t) && !t.startsWith("// The public API"))
      .at(-1);
    if (comment) sections.push({ title: comment.replace(/^\/\/ /, "").replace(/[:.].*$/, ""), names: [] });
    if (!Node.isExportDeclaration(statement)) continue;
    const names = statement.getNamedExports().map((e) => e.getAliasNode()?.getText() ?? e.getName());
    if (names.length === 0) {
      // `export type * from`: every type of that module.
      const target = statement.getModuleSpecifierSourceFile();
      for (const [name, decls] of target?.getExportedDeclarations() ?? [])
        if (decls.some((d) => Node.isTypeAliasDeclaration(d) || Node.isInterfaceDeclaration(d))) names.push(name);
    }
    sections.at(-1)?.names.push(...names);
  }
  const describe = (name: string): { kind: string; doc: string } => {
    const decl = exported.get(name)?.[0];
    if (!decl) return { kind: "?", doc: "" };
    const kind = Node.isFunctionDeclaration(decl)
      ? "function"
      : Node.isClassDeclaration(decl)
        ? "class"
        : Node.isInterfaceDeclaration(decl)
          ? "interface"
          : Node.isTypeAliasDeclaration(decl)
            ? "type"
            : "const";
    const holder = Node.isVariableDeclaration(decl) ? decl.getVariableStatement() : decl;
    const docs = holder && Node.isJSDocable(holder) ? holder.getJsDocs() : [];
    const text = docs.at(-1)?.getDescription().trim().replace(/\s+/g, " ") ?? "";
    const first = text.match(/^.*?[.!?](?=\s+[A-Z`(]|$)/)?.[0] ?? text;
    return { kind, doc: first.replace(/\|/g, "\\|") };
  };
  const lines = [
    "# pathwaykit API reference",
    "",
    "Generated from `src/index.ts` by `npm run api`; a test fails when it is stale. Everything not listed here is internal.",
    "",
  ];
  for (const section of sections) {
    if (section.names.length === 0) continue;
    lines.push(`## ${section.title}`, "", "| export | kind | summary |", "|---|---|---|");
    for (const name of [...new Set(section.names)].sort((a, b) => a.localeCompare(b))) {
      const { kind, doc } = describe(name);
      lines.push(`| \`${name}\` | ${kind} | ${doc} |`);
    }
    lines.push("");
  }
  return lines.join("\n");
}
