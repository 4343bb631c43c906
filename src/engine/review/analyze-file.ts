// `analyzeFile`: one pathway's graph summary (counts, start, globals, terminals, problems, variables), with declared variables from the config.
import type { PathwayAnalysis } from "../../graph/index.js";
import { getPathwayAnalysis } from "../../graph/index.js";
import { getFileLintSettings } from "../../lint/index.js";
import { getNodes, nodeData } from "../../model/pathway.js";
import { createLintConfigLoader, toRelativePosix } from "../project/config.js";
import { loadRuleCatalogue } from "../check/rule-catalogue.js";
import type { Host } from "../../host/host.js";
import { STDIN } from "../project/inputs.js";
import { requirePathway } from "../project/load-pathway.js";

/** Options of `analyzeFile`; all optional. */
export interface AnalyzeFileOptions {
  /** A config file for declared variables, instead of the nearest pathway.config.json. */
  config?: string;
}

/** The analysis of one file, and node names by id (the summary shows names where ids are opaque). */
export interface AnalyzedFile {
  path: string;
  analysis: PathwayAnalysis;
  names: Record<string, string>;
}

/** Analyses one pathway file (or `-`); a file that is not a pathway throws EngineError with the loader's words. */
export async function analyzeFile(host: Host, arg: string, options: AnalyzeFileOptions = {}): Promise<AnalyzedFile> {
  const loaded = await requirePathway(host, arg);
  const { config, root } = await createLintConfigLoader(host, { explicit: options.config, rules: (await loadRuleCatalogue()).all })(loaded.file);
  const settings = getFileLintSettings(config, loaded.file === undefined ? STDIN : toRelativePosix(root, loaded.file));
  const analysis = getPathwayAnalysis(loaded.pathway, { declaredVariables: settings.requestData, systemVariables: settings.systemVariables });
  const names: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const { node } of getNodes(loaded.pathway)) {
    const name = nodeData(node).name;
    if (typeof name === "string" && name.trim() !== "" && !(node.id in names)) names[node.id] = name;
  }
  return { path: loaded.path, analysis, names };
}
