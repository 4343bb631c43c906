// A pathway saved inside the service's answer (`{status, pathway_data: {...}}`, `{data: {...}}`): where it is, and how to say so.
import { isObject, prop } from "./pathway.js";

/** The keys the service's answers wrap a pathway in (service-api.md: "Answers may be wrapped"), in the order checked. */
const ANSWER_KEYS = ["pathway_data", "data"] as const;

/**
 * The JSON pointer of the pathway inside a saved API answer (`/pathway_data` or `/data`), or undefined when `value` is
 * no such answer: an object without its own `nodes` array whose wrapper key holds an object with one.
 */
export function getWrappedPathwayPointer(value: unknown): string | undefined {
  if (!isObject(value) || Array.isArray(prop(value, "nodes"))) return undefined;
  const key = ANSWER_KEYS.find((k) => Array.isArray(prop(prop(value, k), "nodes")));
  return key === undefined ? undefined : `/${key}`;
}

/**
 * What every command says of a saved API answer: it is not read as the pathway (a file that `push` would send whole
 * must be the pathway itself), and the user is told where the pathway is and how to save it alone.
 */
export function describeWrappedPathway(pointer: string): string {
  return `This is a saved API answer, not a pathway: the pathway is under ${pointer}; save that value as the file (e.g. \`jq '${pointer.replace("/", ".")}' <file> > pathway.json\`).`;
}
