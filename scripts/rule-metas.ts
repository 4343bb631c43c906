// Every rule the toolkit can report, for generated docs.
export { validationRuleMetas as documentedRules } from "../src/validate/index.js";
