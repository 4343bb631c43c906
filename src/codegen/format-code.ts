// Assembles and formats generated builder code with ts-morph, which is imported lazily (it is heavy).
import { toIndentedCode } from "./indent.js";
import { toBuilderCodeParts, type BuilderCodeOptions, type BuilderCodeParts } from "./to-builder-code.js";

type TsMorph = typeof import("ts-morph");
let tsMorph: Promise<TsMorph> | undefined;
let project: import("ts-morph").Project | undefined;

async function getProject(): Promise<{ project: import("ts-morph").Project; morph: TsMorph }> {
  tsMorph ??= import("ts-morph"); // why: ts-morph (with typescript) takes ~450 ms to load
  const morph = await tsMorph;
  project ??= new morph.Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: morph.IndentationText.TwoSpaces, quoteKind: morph.QuoteKind.Double },
  });
  return { project, morph };
}

/** Separates the import, the constants and the export, as adding them one by one did. */
const blankLine = (writer: import("ts-morph").CodeBlockWriter) => void writer.blankLineIfLastNot();

/** Turns planned parts into a formatted TypeScript module (import, constants, `export default` chain). */
export async function toFormattedModule(parts: BuilderCodeParts): Promise<string> {
  const { project, morph } = await getProject();
  const { StructureKind, VariableDeclarationKind } = morph;
  // One structure, printed and parsed once: adding statements one by one re-parses the file each time (quadratic:
  // 4,000 nodes took 22 s, 50,000 never finished).
  const file = project.createSourceFile(
    "generated.pathway.ts",
    {
      statements: [
        { kind: StructureKind.ImportDeclaration, namedImports: parts.imports, moduleSpecifier: parts.importFrom },
        blankLine,
        ...parts.constants.map((constant): import("ts-morph").VariableStatementStructure => ({
          kind: StructureKind.VariableStatement,
          declarationKind: VariableDeclarationKind.Const,
          // Chain parts (very large pathways) are indented like the default export.
          declarations: [{ name: constant.name, initializer: constant.chain ? toIndentedCode(constant.initializer) : constant.initializer }],
        })),
        blankLine,
        // Indented here rather than by the TypeScript formatter, which can corrupt long multi-line template literals.
        { kind: StructureKind.ExportAssignment, isExportEquals: false, expression: toIndentedCode(parts.expression) },
      ],
    },
    { overwrite: true },
  );
  const syntax = project.getProgram().compilerObject.getSyntacticDiagnostics(file.compilerNode);
  const text = file.getFullText();
  project.removeSourceFile(file);
  if (syntax.length > 0) {
    throw new Error(`Generated code has a syntax error (${morph.ts.flattenDiagnosticMessageText(syntax[0]!.messageText, "\n")}); this is a bug in pathwaykit.`);
  }
  return `// ${parts.header}\n${text}`;
}

/**
 * Generates idiomatic, formatted builder code for a pathway JSON value. Building the result (`pathway build`) gives
 * back the same JSON value. Throws a TypeError when the value is not a pathway object with a `nodes` array.
 */
export async function toBuilderCode(value: unknown, options: BuilderCodeOptions = {}): Promise<string> {
  return toFormattedModule(toBuilderCodeParts(value, options));
}
