// Assembles and formats generated builder code with ts-morph, which is imported lazily (it is heavy).
import { toIndentedCode } from "./indent.js";
import { toBuilderCodeParts, type BuilderCodeOptions, type BuilderCodeParts } from "./to-builder-code.js";

type TsMorph = typeof import("ts-morph");
let tsMorph: Promise<TsMorph> | undefined;
let project: import("ts-morph").Project | undefined;

async function getProject(): Promise<{ project: import("ts-morph").Project; morph: TsMorph }> {
  tsMorph ??= import("ts-morph");
  const morph = await tsMorph;
  project ??= new morph.Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: morph.IndentationText.TwoSpaces, quoteKind: morph.QuoteKind.Double },
  });
  return { project, morph };
}

/** Turns planned parts into a formatted TypeScript module (import, constants, `export default` chain). */
export async function toFormattedModule(parts: BuilderCodeParts): Promise<string> {
  const { project, morph } = await getProject();
  const file = project.createSourceFile("generated.pathway.ts", "", { overwrite: true });
  file.addImportDeclaration({ namedImports: parts.imports, moduleSpecifier: parts.importFrom });
  for (const constant of parts.constants) {
    file.addVariableStatement({ declarationKind: morph.VariableDeclarationKind.Const, declarations: [{ name: constant.name, initializer: constant.initializer }] });
  }
  // Indented here rather than by the TypeScript formatter, which can corrupt long multi-line template literals.
  file.addExportAssignment({ isExportEquals: false, expression: toIndentedCode(parts.expression) });
  const syntax = project.getProgram().compilerObject.getSyntacticDiagnostics(file.compilerNode);
  const text = file.getFullText();
  if (syntax.length > 0) {
    project.removeSourceFile(file);
    throw new Error(`Generated code has a syntax error (${morph.ts.flattenDiagnosticMessageText(syntax[0]!.messageText, "\n")}); this is a bug in pathwaykit.`);
  }
  project.removeSourceFile(file);
  return `// ${parts.header}\n${text}`;
}

/**
 * Generates idiomatic, formatted builder code for a pathway JSON value. Building the result (`pathway build`) gives
 * back the same JSON value. Throws a TypeError when the value is not a pathway object with a `nodes` array.
 */
export async function toBuilderCode(value: unknown, options: BuilderCodeOptions = {}): Promise<string> {
  return toFormattedModule(toBuilderCodeParts(value, options));
}
