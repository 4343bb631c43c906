// JSON Schema (draft 2020-12) of a pathway file, generated from the zod schemas so the two never disagree.
import { z } from "zod";
import { PathwaySchema } from "./schema.js";

/** The pathway's JSON Schema, as committed to schemas/pathway.schema.json. */
export function toPathwayJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(PathwaySchema, { target: "draft-2020-12", io: "input" }) as Record<string, unknown>;
}
