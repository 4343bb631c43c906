// Rewrites the rule table in README.md from rule metadata (`npm run readme`; a test fails when README is stale).
import { readFileSync, writeFileSync } from "node:fs";
import { withRuleTable } from "./readme-rules.js";
import { withVariableFieldTable } from "./readme-variables.js";
import { documentedRules } from "./rule-metas.js";

const file = new URL("../README.md", import.meta.url);
writeFileSync(file, withVariableFieldTable(withRuleTable(readFileSync(file, "utf8"), documentedRules)));
console.log(`updated the rule table in ${file.pathname} (${documentedRules.length} rules)`);
