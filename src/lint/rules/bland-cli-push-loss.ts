// What a push through bland-cli loses: keys of a bland-cli file its push never sends, or what a pathway loses through bland-cli's file.
import { toBlandCliFile } from "../../interop/bland-cli/to-file.js";
import type { BlandCliLossId } from "../../interop/bland-cli/losses.js";
import { definePathwayRule } from "../../rules/index.js";
import type { LintRuleContext } from "../facts.js";

const LATER = "bland-cli's file has no place for it, so `bland pathway pull` drops it and the next push loses it";

/** One message per loss (see `BlandCliLossId`). */
const messages = {
  idsRegenerated:
    "bland-cli gives all {{count}} nodes new random ids on every push: scenarios, calls and configs that name these ids stop matching; name nodes by name where you can.",
  typeNotRead: `Node {{node}} has type {{type}} only in its top-level "type": bland-cli reads the type from data.type, so the next push makes it {{becomes}}; add "type": "{{type}}" to its data.`,
  duplicateName:
    'Node {{node}} shares the name "{{name}}" with {{kept}}: bland-cli keys nodes by name, so this node, its fields and its edges are lost; rename one of them.',
  nodeDropped: "Node {{node}} has no data: bland-cli skips it, with its edges; give it a data object with a name.",
  startMoved:
    "The start node {{node}} is not first in bland-cli's file, which has no start marker: the next push starts calls at {{becomes}}; move this node first in nodes[].",
  dataKeyDropped: `Node {{node}}: data.{{key}} is lost (${LATER}); keep this pathway in JSON, or remove the key if it is not needed.`,
  dataValueChanged: "Node {{node}}: part of data.{{key}} is lost (bland-cli keeps only the members it knows); keep this pathway in JSON if that part matters.",
  falseDropped: 'Node {{node}}: "{{key}}": false is lost (bland-cli writes it only when true), so the node may return after all; keep this pathway in JSON.',
  globalConfigKeyDropped: `The global config's {{key}} is lost (${LATER}); only globalPrompt survives.`,
  globalConfigMerged: "This global prompt is replaced by a later {globalConfig} entry's (bland-cli keeps one); merge them into one entry.",
  edgeDropped: "Edge {{edge}} is lost: its source {{from}} is not a node bland-cli keeps (no data, or a name another node also has); fix the source node.",
  edgeRetargeted: "Edge {{edge}} leads to a node whose name another node also has: bland-cli sends it to {{becomes}} instead; rename one of the two nodes.",
  edgeTargetUnknown:
    'Edge {{edge}} leads to "{{target}}", which is no node: bland-cli writes the raw id and then refuses its own file; point the edge at a node.',
  edgeTextDropped: 'Edge {{edge}}: its {{key}} is lost (bland-cli reads it only from data.{{key}}); move it into the edge\'s "data".',
  edgeKeyDropped: `Edge {{edge}}: data.{{key}} is lost (${LATER}); keep this pathway in JSON if the edge needs it.`,
  globalNotSent: "global.{{key}} is never sent by `bland pathway push` (only global.prompt is); set it on the pathway or the call instead.",
  fileKeyNotRead: "{{key}}: is never read by `bland pathway push`; remove it, or keep the information elsewhere.",
  nodeKeyNotSent:
    "Node {{node}}: {{key}}: is not a bland-cli node key, so `bland pathway push` drops it; see the bland-cli node keys (prompt, type, number, code, tools, ...).",
  startKeyIgnored: "Node {{node}}: {{key}}: is ignored: bland-cli starts calls at the first node of the file; move the start node first and remove this key.",
  variableKeyNotSent: 'Node {{node}}: {{key}} of variable "{{variable}}" is not sent (bland-cli sends name, type and description only); remove it.',
  edgeKeyNotSent: "Edge {{edge}}: {{key}}: is not a bland-cli edge key (target, label, description), so push drops it; remove it.",
  edgeConditionNotSent: "Edge {{edge}}: condition: is not sent when the edge has a label (bland-cli uses it only as a missing label); merge it into the label.",
  falseNotSent:
    "Node {{node}}: {{key}}: false is not sent (bland-cli sends this key only when true), so the service's default applies; remove it, or keep the pathway in JSON.",
  startNotFirstWritten:
    "Calls start at {{node}}, not at {{first}}, the first node written: bland-cli starts at the first key, and JavaScript puts names like 2 or 10 before all others; rename the node or move the start.",
} satisfies Record<BlandCliLossId, string>;

export default definePathwayRule({
  meta: {
    id: "bland-cli-push-loss",
    description: "A pathway pushed through bland-cli (a bland-cli project, or a pathway JSON beside a .blandrc) loses nothing on the way.",
    defaultSeverity: "warning",
    set: "lint",
    messages,
  },
  check(context, report) {
    const target = (context as LintRuleContext).pushTarget;
    if (!target) return;
    // A bland-cli file brings the keys its push never sends; a pathway JSON loses what bland-cli's file cannot hold.
    const losses = target.kind === "project" ? target.losses : toBlandCliFile(context.pathway).losses;
    for (const loss of losses) report({ pointer: loss.pointer, messageId: loss.messageId, data: loss.data });
  },
});
