// The fingerprint of a pathway version: sha256 of its canonical JSON, so key order and whitespace do not count.
import { createHash } from "node:crypto";
import { toCanonicalJson } from "../model/canonical.js";

/** `sha256:<hex>` of the pathway's canonical JSON. */
export function getPathwayHash(pathway: unknown): string {
  return "sha256:" + createHash("sha256").update(toCanonicalJson(pathway)).digest("hex");
}
