// The text bland-cli's own writer gives a pathway file and a .blandrc (YAML as `writePathwayFile` writes it, JSON with 2 spaces).
import { stringify } from "yaml";
import type { BlandCliFile } from "./file.js";
import type { Blandrc } from "./blandrc.js";

/** The text of a bland-cli pathway file, as bland-cli 0.6.1's `writePathwayFile` writes it for `format`. */
export function toBlandCliFileText(file: BlandCliFile, format: "yaml" | "json" = "yaml"): string {
  if (format === "json") return JSON.stringify(file, null, 2);
  return stringify(file, { lineWidth: 120, defaultKeyType: "PLAIN", defaultStringType: "PLAIN" });
}

/** The text of a `.blandrc` (YAML, as bland-cli's `writeProjectConfig` writes it). */
export function toBlandrcText(config: Blandrc): string {
  return stringify(config);
}
