// The tests a node's data value must pass to be written through a builder helper's typed option (anything else stays in `data`).
import type { HelperOptionKind } from "../model/node-types/index.js";
import { isObject } from "../model/pathway.js";
import { EXTRACT_VAR_TYPES, WEBHOOK_METHODS } from "../model/vocabulary.js";

const hasOwn = (o: object, key: string) => Object.hasOwn(o, key);
const isString = (v: unknown): v is string => typeof v === "string";
const EXTRACT_TYPES: readonly unknown[] = EXTRACT_VAR_TYPES;
const METHODS: readonly unknown[] = WEBHOOK_METHODS;

const isVariableTuple = (v: unknown): boolean => Array.isArray(v) && v.length >= 3 && isString(v[0]) && EXTRACT_TYPES.includes(v[1]) && isString(v[2]);

const isModelOptions = (v: unknown): boolean =>
  isObject(v) &&
  (!hasOwn(v, "modelName") || isString(v.modelName)) &&
  (!hasOwn(v, "modelType") || isString(v.modelType)) &&
  (!hasOwn(v, "interruptionThreshold") || typeof v.interruptionThreshold === "number") &&
  (!hasOwn(v, "temperature") || typeof v.temperature === "number");

const isMessage = (v: unknown): boolean => isObject(v) && Object.keys(v).length === 2 && isString(v.role) && isString(v.content);
const isPathwayExample = (v: unknown): boolean =>
  isObject(v) &&
  (!hasOwn(v, "Chosen Pathway") || isString(v["Chosen Pathway"])) &&
  (!hasOwn(v, "Conversation History") ||
    isString(v["Conversation History"]) ||
    (Array.isArray(v["Conversation History"]) && v["Conversation History"].every(isMessage)));

const isResponseData = (v: unknown): boolean => isObject(v) && isString(v.name) && isString(v.data) && (!hasOwn(v, "context") || isString(v.context));
const isResponsePathway = (v: unknown): boolean =>
  Array.isArray(v) &&
  v.length >= 4 &&
  isString(v[0]) &&
  isString(v[1]) &&
  isObject(v[3]) &&
  (!hasOwn(v[3], "id") || isString(v[3].id)) &&
  (!hasOwn(v[3], "name") || isString(v[3].name));

/** The test a value must pass to go through a helper option of each kind (anything else stays in `data`). */
export const OPTION_TESTS = {
  string: isString,
  text: isString,
  "webhook-method": (v) => METHODS.includes(v),
  any: () => true,
  "response-data": (v) => Array.isArray(v) && v.every(isResponseData),
  "response-pathways": (v) => Array.isArray(v) && v.every(isResponsePathway),
} satisfies Record<HelperOptionKind, (v: unknown) => boolean>;

/** A helper option: its key, the test a value must pass to go through it, and whether it is a text (a long one becomes a constant). */
export type OptionTest = [key: string, test: (v: unknown) => boolean, isText: boolean];

/** Typed options every helper takes, with the test a value must pass to use it. */
export const COMMON_OPTIONS: OptionTest[] = [
  ["name", isString, false],
  ["text", isString, true],
  ["prompt", isString, true],
  ["condition", isString, false],
  ["extractVars", (v) => Array.isArray(v) && v.every(isVariableTuple), false],
  ["modelOptions", isModelOptions, false],
  ["pathwayExamples", (v) => Array.isArray(v) && v.every(isPathwayExample), false],
];
