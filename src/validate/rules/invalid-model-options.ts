// modelOptions tune the model at a node: temperature is 0..1 and interruptionThreshold a number (seed part 4.1).
import { describeNode, isObject, nodeData } from "../../model/pathway.js";
import { definePathwayRule } from "../../rules/index.js";
import { nodePointer } from "./helpers.js";

export default definePathwayRule({
  meta: {
    id: "invalid-model-options",
    description: "`modelOptions` is an object whose `temperature` is within 0..1 and whose `interruptionThreshold` is a number.",
    defaultSeverity: "error",
    set: "validate",
    messages: {
      notObject: "modelOptions of {{where}} must be an object.",
      badTemperature: "temperature {{temperature}} of {{where}} is out of range; use a number from 0 (deterministic) to 1 (random).",
      badInterruptionThreshold: "interruptionThreshold {{interruptionThreshold}} of {{where}} must be a number (the service recommends 50 to 200).",
    },
  },
  check({ nodes }, report) {
    for (const { node, index } of nodes) {
      const options = nodeData(node).modelOptions as unknown;
      if (options === undefined) continue;
      const where = `node ${describeNode(node)}`;
      if (!isObject(options)) {
        report({ pointer: nodePointer(index, "modelOptions"), messageId: "notObject", data: { where } });
        continue;
      }
      const { temperature, interruptionThreshold } = options;
      if (temperature !== undefined && !(typeof temperature === "number" && temperature >= 0 && temperature <= 1)) {
        report({
          pointer: nodePointer(index, "modelOptions", "temperature"),
          messageId: "badTemperature",
          data: { temperature: JSON.stringify(temperature), where },
        });
      }
      if (interruptionThreshold !== undefined && !(typeof interruptionThreshold === "number" && Number.isFinite(interruptionThreshold))) {
        report({
          pointer: nodePointer(index, "modelOptions", "interruptionThreshold"),
          messageId: "badInterruptionThreshold",
          data: { interruptionThreshold: JSON.stringify(interruptionThreshold), where },
        });
      }
    }
  },
});
