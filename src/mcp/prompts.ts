// The MCP prompts: "review this pathway" and "write scenarios for this pathway", each a plan that uses the server's tools.
import { confinePaths } from "./arguments.js";
import { RPC_ERRORS, RpcError } from "./json-rpc.js";
import type { Permissions } from "./project-host.js";
import type { ToolContext } from "./tool.js";

/** The prompts, as prompts/list shows them. */
export const PROMPTS = [
  {
    name: "review-pathway",
    title: "Review this pathway",
    description: "Check a pathway with lint, analyze, diagram and its scenarios, and report what to fix, most important first.",
    arguments: [{ name: "path", description: "the pathway file, relative to the project root", required: true }],
  },
  {
    name: "write-scenarios",
    title: "Write scenarios for this pathway",
    description: "Generate scenarios that cover a pathway, make them read like real callers with expectations, and run them.",
    arguments: [{ name: "path", description: "the pathway file, relative to the project root", required: true }],
  },
] as const;

function review(path: string): string {
  return [
    `Review the pathway ${path} for a voice agent, without changing it.`,
    "",
    `1. Call lint with paths ["${path}"]. For each finding note its rule, line and column; call explain_rule for any rule you are unsure of.`,
    `2. Call analyze with path "${path}" for the start node, unreachable nodes, dead ends, traps and variables read before they are set.`,
    `3. Call run_scenarios to run the project's scenarios; note the ones on this pathway that fail and its node and edge coverage.`,
    `4. If the flow is hard to follow, call diagram with path "${path}" (and a focus node for a large pathway).`,
    "",
    "Then report, most important first: errors (a caller stuck or cut off, a variable never set), then warnings, then what no scenario covers.",
    "For each, say where (node name and id, line) and the smallest change that fixes it; say which fixes lint offers as safe fixes.",
  ].join("\n");
}

function scenarios(path: string, permissions: Permissions): string {
  return [
    `Write scenarios for the pathway ${path}.`,
    "",
    `1. Call generate_scenarios with path "${path}". Each scenario it returns already passes, and together they take every reachable edge.`,
    "2. Make each one read like a real caller: rewrite the user lines in a caller's words, give each scenario a name that says what it checks,",
    "   and add expectations (said, node, vars, ended) for what matters on that path; keep the take: steps so the path stays the same.",
    permissions.write
      ? `3. Save them with write_scenarios (or write the edited YAML to the files it names), then call run_scenarios on that folder.`
      : `3. Save the edited YAML to the files generate_scenarios names (this server writes no files), then call run_scenarios on that folder.`,
    "4. Fix any scenario that fails because of your edit; report one that fails because of the pathway instead of changing the pathway.",
    "5. Report the coverage run_scenarios gives, and any edge or global node left untested, with why.",
  ].join("\n");
}

/** The messages of prompt `name` for `args`; an unknown prompt, a missing path or one outside the project is an error. */
export async function getPrompt(
  name: string,
  args: Record<string, unknown>,
  context: ToolContext,
): Promise<{ description: string; messages: { role: "user"; content: { type: "text"; text: string } }[] }> {
  const prompt = PROMPTS.find((p) => p.name === name);
  if (!prompt)
    throw new RpcError(RPC_ERRORS.invalidParams, `Unknown prompt ${JSON.stringify(name)}; the prompts are ${PROMPTS.map((p) => p.name).join(" and ")}.`);
  const path = args.path;
  if (typeof path !== "string" || path.trim() === "")
    throw new RpcError(RPC_ERRORS.invalidParams, `${name} needs the argument path: the pathway file, relative to the project root.`);
  try {
    await confinePaths(context.host, [path], "path");
  } catch (error) {
    throw new RpcError(RPC_ERRORS.invalidParams, (error as Error).message);
  }
  const text = name === "review-pathway" ? review(path) : scenarios(path, context.permissions);
  return { description: prompt.description, messages: [{ role: "user", content: { type: "text", text } }] };
}
