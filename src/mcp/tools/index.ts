// Every MCP tool, in the order tools/list shows them; each is offered only when the server was started to allow what it needs.
import type { Permissions } from "../project-host.js";
import type { Tool } from "../tool.js";
import { checkRequestTool, fixTool, lintTool, validateTool } from "./check.js";
import { buildTool, callsStatsTool, fetchTool, pushDraftTool } from "./project.js";
import { analyzeTool, diagramTool, diffTool, explainRuleTool } from "./review.js";
import { generateScenariosTool, runScenariosLiveTool, runScenariosTool, writeScenariosTool } from "./scenarios.js";

/** Every tool. Publishing a version to callers is deliberately none of them: that stays a person's decision. */
export const ALL_TOOLS: readonly Tool[] = [
  validateTool,
  lintTool,
  explainRuleTool,
  analyzeTool,
  diagramTool,
  runScenariosTool,
  generateScenariosTool,
  diffTool,
  checkRequestTool,
  callsStatsTool,
  fixTool,
  writeScenariosTool,
  buildTool,
  runScenariosLiveTool,
  fetchTool,
  pushDraftTool,
];

/** The tools `permissions` allow. */
export function getOfferedTools(permissions: Permissions): Tool[] {
  return ALL_TOOLS.filter((tool) => (tool.needs ?? []).every((need) => permissions[need]));
}
