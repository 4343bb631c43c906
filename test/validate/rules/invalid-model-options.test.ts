// Table test of invalid-model-options.
import { ruleTable } from "../../support/rule-table.js";
import { START, pathwayText, validateText } from "../../support/pathway-text.js";

const opts = (o: string) => `{"id": "m", "type": "Default", "data": {"name": "Tuned", "text": "x", "modelOptions": ${o}}}`;

ruleTable("invalid-model-options", validateText, {
  valid: [
    { name: "documented options in range", text: pathwayText([START, opts('{"temperature": 0.2, "interruptionThreshold": 100, "modelName": "x"}')]) },
    { name: "undocumented real keys", text: pathwayText([START, opts('{"modelType": "smart", "newTemperature": 0.1, "skipUserResponse": false}')]) },
  ],
  invalid: [
    {
      name: "temperature above 1 and a string threshold",
      text: pathwayText([START, opts('{"temperature": «1.5, "interruptionThreshold": «"100"}')]),
      findings: [
        { pointer: "/nodes/1/data/modelOptions/temperature", messageId: "badTemperature", data: { temperature: "1.5", where: 'node "Tuned" (id m)' } },
        {
          pointer: "/nodes/1/data/modelOptions/interruptionThreshold",
          messageId: "badInterruptionThreshold",
          data: { interruptionThreshold: '"100"', where: 'node "Tuned" (id m)' },
        },
      ],
    },
    { name: "modelOptions that is not an object", text: pathwayText([START, opts("«[1]")]), findings: [{ pointer: "/nodes/1/data/modelOptions" }] },
  ],
});
