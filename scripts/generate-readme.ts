// Rewrites README.md's generated tables: rules from their metadata, interpolated fields, node types from their descriptors (`npm run readme`; a test fails when README is stale).
import { readFileSync, writeFileSync } from "node:fs";
import { withNodeTypeTable } from "./readme-node-types.js";
import { withRuleTable } from "./readme-rules.js";
import { withVariableFieldTable } from "./readme-variables.js";
import { documentedRules } from "./rule-metas.js";

const file = new URL("../README.md", import.meta.url);
writeFileSync(file, withNodeTypeTable(withVariableFieldTable(withRuleTable(readFileSync(file, "utf8"), documentedRules))));
console.log(`updated the rule, field and node-type tables in ${file.pathname} (${documentedRules.length} rules)`);
