// Table test of bland-cli-push-loss: a bland-cli file's keys its push never sends, and a pathway JSON beside a .blandrc's losses through bland-cli's file.
import type { Diagnostic } from "../../../src/diagnostics/index.js";
import { readBlandCliFile } from "../../../src/interop/bland-cli/read-file.js";
import { lintDocument, lintPathway } from "../../../src/lint/index.js";
import { ruleTable } from "../../support/rule-table.js";

/** JSON text: a pathway linked to bland-cli (a .blandrc beside it); YAML text: a bland-cli project's pathway file. */
function lintLinked(text: string): Diagnostic[] {
  if (text.trimStart().startsWith("{")) return lintPathway(text, { pushTarget: { kind: "linked", blandrc: ".blandrc" } }).diagnostics;
  const doc = readBlandCliFile(text, "yaml");
  return lintDocument(doc, { pushTarget: { kind: "project", losses: doc.losses } }).diagnostics;
}

const CLEAN_YAML =
  "name: Clean\nnodes:\n  hello:\n    prompt: Say hello.\n    edges:\n      - target: bye\n        label: done\n  bye:\n    type: End Call\n    prompt: Bye.\n";

ruleTable("bland-cli-push-loss", lintLinked, {
  valid: [
    { name: "a bland-cli file whose every key push sends", text: CLEAN_YAML },
    {
      name: "a bland-cli file with a global prompt, tags, variables and an edge description",
      text:
        "name: T\nglobal:\n  prompt: Be brief.\n" +
        CLEAN_YAML.replace("name: Clean\n", "")
          .replace(
            "    prompt: Say hello.\n",
            '    prompt: Say hello.\n    tag: { name: intro, color: "#111111" }\n    extract_variables:\n      - { name: city, type: string, description: the city }\n',
          )
          .replace("        label: done\n", "        label: done\n        description: the caller is done\n"),
    },
  ],
  invalid: [
    {
      name: "global settings, version and node keys push never sends, and a condition beside a label",
      text: "name: T\nversion: «draft\nglobal:\n  prompt: Be brief.\n  voice: «nat\nnodes:\n  hello:\n    prompt: Hi.\n    isStart: «true\n    text: «Hello there\n    extract_variables:\n      - name: city\n        type: string\n        description: the city\n        spelling_precision: «true\n    edges:\n      - target: hello\n        label: again\n        condition: «the caller repeats\n",
      findings: [
        { pointer: "/version", messageId: "fileKeyNotRead", data: { key: "version" } },
        { pointer: "/global/voice", messageId: "globalNotSent", data: { key: "voice" } },
        { pointer: "/nodes/1/data/isStart", messageId: "startKeyIgnored", data: { node: '"hello" (id hello)', key: "isStart" } },
        { pointer: "/nodes/1/data/text", messageId: "nodeKeyNotSent", data: { node: '"hello" (id hello)', key: "text" } },
        {
          pointer: "/nodes/1/data/extractVars/0/spelling_precision",
          messageId: "variableKeyNotSent",
          data: { node: '"hello" (id hello)', key: "spelling_precision", variable: "city" },
        },
        { pointer: "/edges/0/condition", messageId: "edgeConditionNotSent", data: { edge: "hello -> hello" } },
      ],
    },
    {
      name: "a start node that integer-like names push behind, and a false bland-cli cannot send",
      text: 'name: T\nnodes:\n  welcome:\n    prompt: Hi.\n    edges:\n      - target: "2"\n  «"2":\n    is_global: true\n    global_label: help\n    enable_global_auto_return: «false\n',
      findings: [
        { pointer: "/nodes/0/data/isStart", messageId: "startNotFirstWritten", data: { node: '"2" (id 2)', first: '"welcome" (id welcome)' } },
        { pointer: "/nodes/0/data/enable_global_auto_return", messageId: "falseNotSent", data: { node: '"2" (id 2)', key: "enable_global_auto_return" } },
      ],
    },
    {
      name: "a linked pathway JSON: a type only at the top level, a shared name, static text, a top-level label, ids",
      text: `{"name": "T", "nodes": «[
{"id": "a", "type": "Default", "data": {"name": "A", "isStart": true, "text": «"Hi"}},
{"id": "b", "type": «"End Call", "data": {"name": "B", "prompt": "Bye"}},
«{"id": "c", "type": "Default", "data": {"name": "X", "type": "Default", "prompt": "First"}},
{"id": "d", "type": "Default", "data": {"name": "X", "type": "Default", "prompt": "Second"}}
], "edges": [{"id": "e", "source": "a", "target": "b", "label": «"done"}, {"id": "f", "source": "a", "target": «"c", "data": {"label": "other"}}]}`,
      findings: [
        { pointer: "/nodes", messageId: "idsRegenerated", data: { count: "4" } },
        { pointer: "/nodes/0/data/text", messageId: "dataKeyDropped", data: { node: '"A" (id a)', key: "text" } },
        { pointer: "/nodes/1/type", messageId: "typeNotRead", data: { node: '"B" (id b)', type: "End Call", becomes: "Default" } },
        { pointer: "/nodes/2", messageId: "duplicateName", data: { node: '"X" (id c)', name: "X", kept: '"X" (id d)' } },
        { pointer: "/edges/0/label", messageId: "edgeTextDropped", data: { edge: "edge e", key: "label" } },
        { pointer: "/edges/1/target", messageId: "edgeRetargeted", data: { edge: "edge f", becomes: '"X" (id d)' } },
      ],
    },
  ],
});
