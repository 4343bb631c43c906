// zod schemas of a pathway file: the single source of the TypeScript types and of schemas/pathway.schema.json.
import { z } from "zod";

import { EXTRACT_VAR_TYPES, KNOWN_NODE_TYPES } from "./vocabulary.js";
export * from "./vocabulary.js";

/** `[name, type, description, ...extra]`: real files carry 3 to 6 elements; the extra ones are kept as they are. */
export const ExtractVarSchema = z
  .tuple([z.string(), z.enum(EXTRACT_VAR_TYPES), z.string()])
  .rest(z.unknown())
  .meta({ id: "ExtractVar", description: "[variable name, type, description, ...]; elements after the third are kept as they are." });

export const ModelOptionsSchema = z
  .looseObject({
    modelName: z.string().optional(),
    modelType: z.string().optional(),
    interruptionThreshold: z.number().optional(),
    temperature: z.number().min(0).max(1).optional(),
  })
  .meta({ id: "ModelOptions" });

export const PathwayExampleSchema = z.looseObject({
  "Chosen Pathway": z.string().optional(),
  "Conversation History": z.union([z.string(), z.array(z.looseObject({ role: z.string(), content: z.string() }))]).optional(),
});

/** `[variable, operator, value, {id, name}]`: a webhook's response route. */
export const ResponsePathwaySchema = z
  .tuple([z.string(), z.string(), z.unknown(), z.looseObject({ id: z.string().optional(), name: z.string().optional() })])
  .rest(z.unknown());

export const RouteConditionSchema = z.looseObject({
  field: z.string().optional(),
  value: z.unknown().optional(),
  operator: z.string().optional(),
  isGroup: z.boolean().optional(),
});

export const RouteSchema = z.looseObject({
  conditions: z.array(RouteConditionSchema).optional(),
  targetNodeId: z.string().optional(),
});

export const ResponseDataSchema = z.looseObject({
  name: z.string().optional(),
  data: z.string().optional(),
  context: z.string().optional(),
});

export const NodeDataSchema = z
  .looseObject({
    name: z.string().optional(),
    isStart: z.boolean().optional(),
    isGlobal: z.boolean().optional(),
    globalLabel: z.string().optional(),
    globalDescription: z.string().optional(),
    enableGlobalAutoReturn: z.boolean().optional(),
    text: z.string().optional(),
    prompt: z.string().optional(),
    condition: z.string().optional(),
    transferNumber: z.string().optional(),
    kb: z.string().optional(),
    url: z.string().optional(),
    method: z.string().optional(),
    body: z.unknown().optional(),
    headers: z.unknown().optional(),
    responseData: z.array(ResponseDataSchema).optional(),
    responsePathways: z.array(ResponsePathwaySchema).optional(),
    routes: z.array(RouteSchema).optional(),
    fallbackNodeId: z.string().nullable().optional(),
    extractVars: z.array(ExtractVarSchema).optional(),
    modelOptions: ModelOptionsSchema.optional(),
    pathwayExamples: z.array(PathwayExampleSchema).optional(),
    conditionExamples: z.unknown().optional(),
    dialogueExamples: z.unknown().optional(),
  })
  .meta({ id: "NodeData" });

export const NodeSchema = z
  .looseObject({
    id: z.string().min(1),
    type: z.union([z.enum(KNOWN_NODE_TYPES), z.string()]),
    data: NodeDataSchema.optional(),
    position: z.looseObject({ x: z.number(), y: z.number() }).optional(),
  })
  .meta({ id: "Node" });

/** The `{globalConfig: {globalPrompt}}` pseudo-entry that real files keep inside nodes[]. */
export const GlobalConfigEntrySchema = z
  .looseObject({
    globalConfig: z.looseObject({ globalPrompt: z.string().optional() }),
  })
  .meta({ id: "GlobalConfigEntry" });

export const NodeEntrySchema = z.union([NodeSchema, GlobalConfigEntrySchema]);

export const EdgeDataSchema = z
  .looseObject({
    label: z.string().optional(),
    description: z.string().optional(),
    isHighlighted: z.boolean().optional(),
    alwaysPick: z.boolean().optional(),
    isVoicemailEdge: z.boolean().optional(),
    condition: z.array(RouteConditionSchema).optional(),
  })
  .meta({ id: "EdgeData" });

export const EdgeSchema = z
  .looseObject({
    id: z.string().min(1),
    source: z.string(),
    target: z.string(),
    label: z.string().optional(),
    type: z.string().optional(),
    data: EdgeDataSchema.optional(),
  })
  .meta({ id: "Edge" });

export const PathwaySchema = z
  .looseObject({
    $schema: z.string().optional(),
    name: z.string().optional(),
    description: z.string().nullable().optional(),
    nodes: z.array(NodeEntrySchema),
    edges: z.array(EdgeSchema).optional(),
  })
  .meta({
    id: "Pathway",
    title: "Pathway",
    description: "A conversational pathway: nodes (what the agent says or does) and labelled edges (when to move on).",
  });

export type ExtractVar = z.infer<typeof ExtractVarSchema>;
export type ModelOptions = z.infer<typeof ModelOptionsSchema>;
export type NodeData = z.infer<typeof NodeDataSchema>;
export type PathwayNode = z.infer<typeof NodeSchema>;
export type GlobalConfigEntry = z.infer<typeof GlobalConfigEntrySchema>;
export type NodeEntry = z.infer<typeof NodeEntrySchema>;
export type EdgeData = z.infer<typeof EdgeDataSchema>;
export type PathwayEdge = z.infer<typeof EdgeSchema>;
export type Pathway = z.infer<typeof PathwaySchema>;
export type ResponsePathway = z.infer<typeof ResponsePathwaySchema>;
export type Route = z.infer<typeof RouteSchema>;
