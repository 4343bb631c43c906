// The editor's quick fixes for a finding, from its rule's own declarations: the safe fix (lint --fix's) and the suggestions.
import { CodeActionKind, type CodeAction, type TextEdit } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import type { Diagnostic, TextFix } from "../diagnostics/index.js";
import { toLspRange } from "./navigation.js";

/**
 * A fix's offsets count the analysed text without a leading byte-order mark; the editor's text may keep one. The
 * byte-order mark's own fix (dropping it) is not a text edit an editor can make: editors keep the mark as an encoding.
 */
function toTextEdit(doc: TextDocument, fix: TextFix): TextEdit | undefined {
  if (fix.range[0] === fix.range[1] && fix.text === "") return undefined;
  const shift = doc.getText().charCodeAt(0) === 0xfeff ? 1 : 0;
  return { range: { start: doc.positionAt(fix.range[0] + shift), end: doc.positionAt(fix.range[1] + shift) }, newText: fix.text };
}

function action(title: string, kind: string, uri: string, edits: TextEdit[], diagnostics: readonly Diagnostic[], preferred?: boolean): CodeAction {
  return {
    title,
    kind,
    edit: { changes: { [uri]: edits } },
    diagnostics: diagnostics.map((d) => ({ range: toLspRange(d.range), message: d.message, code: d.ruleId, source: "pathway" })),
    ...(preferred && { isPreferred: true }),
  };
}

/** The fix and suggestions of each finding, as quick fixes; nothing when the findings are of an older text. */
export function getRuleFixActions(uri: string, doc: TextDocument, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    const fix = d.fix && toTextEdit(doc, d.fix);
    if (fix) actions.push(action(`Fix this ${d.ruleId} problem`, CodeActionKind.QuickFix, uri, [fix], [d], true));
    for (const s of d.suggestions ?? []) {
      const edit = toTextEdit(doc, s.fix);
      if (edit) actions.push(action(s.desc, CodeActionKind.QuickFix, uri, [edit], [d]));
    }
  }
  return actions;
}

/**
 * Every safe fix of the file at once (`source.fixAll.pathway`, as ESLint's `source.fixAll.eslint`), for "fix on save":
 * fixes are applied in order and one that overlaps an earlier one waits for the next request, as `lint --fix` does.
 */
export function getFixAllAction(uri: string, doc: TextDocument, diagnostics: readonly Diagnostic[]): CodeAction | undefined {
  const edits: TextEdit[] = [];
  let last = -1;
  const fixes = diagnostics.flatMap((d) => (d.fix ? [d.fix] : [])).sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  for (const fix of fixes) {
    const edit = toTextEdit(doc, fix);
    if (!edit || fix.range[0] <= last) continue;
    edits.push(edit);
    last = fix.range[1];
  }
  return edits.length === 0
    ? undefined
    : action(
        "Fix all safe pathway problems",
        FIX_ALL_KIND,
        uri,
        edits,
        diagnostics.filter((d) => d.fix),
      );
}

/** The code action kind of the fix-all action. */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.pathway`;
