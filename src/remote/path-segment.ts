// Ids that become one segment of a request's URL path: `.`, `..`, empty and half surrogate pairs are refused (URL resolution would change the endpoint, or encoding fail).

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why `id` cannot be one segment of a URL path, or undefined when it can. `encodeURIComponent` leaves `.` and `..` as
 * they are, and URL resolution then drops or climbs them: `/v1/pathway/../version/1` is `/v1/version/1`, another
 * endpoint. An empty id names the collection (`/v1/pathway/`). Every other text is encoded, `%` included, so `%2e`
 * in an id reaches the service as text, never as a dot segment.
 */
export function getPathSegmentProblem(id: string): string | undefined {
  if (id === "") return "is empty";
  if (id === "." || id === "..")
    return `is ${JSON.stringify(id)}, which a URL reads as "this folder" or "the folder above" and would send the request to another endpoint`;
  // encodeURIComponent throws on half a surrogate pair (a JSON file may hold one as "\ud800").
  if (LONE_SURROGATE.test(id)) return "holds half of a UTF-16 surrogate pair, which a URL cannot carry";
  return undefined;
}
