// Go to definition in a scenario: from `take:` to the edge (or node) it names, from `node:` to the node, in the scenario's pathway file.
import { pathToFileURL } from "node:url";
import type { Location } from "vscode-languageserver";
import type { Host } from "../host/host.js";
import { getScenarioField, getScenarioPathway } from "./completion.js";
import { toLspRange } from "./navigation.js";
import type { PathwayFacts } from "./pathway-facts.js";

/**
 * The places in the scenario's pathway that the `take:` or `node:` on `line` names: edges by label and nodes by name
 * or id for `take:` (a turn takes a way by its label, or names where it goes), nodes for `node:`. Nothing when the
 * line has neither, or the pathway cannot be read inside the project.
 */
export async function getScenarioDefinition(
  host: Host,
  file: string,
  text: string,
  line: number,
  openFacts: (file: string) => PathwayFacts | undefined,
): Promise<Location[]> {
  const field = getScenarioField(text.split("\n")[line] ?? "");
  if (!field || field.value === "") return [];
  const pathway = await getScenarioPathway(host, file, text, openFacts);
  if (!pathway) return [];
  const uri = pathToFileURL(pathway.file).href;
  const { facts } = pathway;
  const edges = field.field === "take" ? facts.edges.filter((e) => e.label === field.value).map((e) => ({ uri, range: toLspRange(e.range) })) : [];
  const nodes = facts.nodes.filter((n) => n.name === field.value || n.id === field.value).map((n) => ({ uri, range: toLspRange(n.idRange ?? n.range) }));
  return [...edges, ...nodes];
}
