// Table test of batch-v2-call-objects.
import { ruleTable } from "../../support/rule-table.js";
import { BATCH_V2, checkText, requestText } from "../../support/request-text.js";

ruleTable("batch-v2-call-objects", checkText(), {
  valid: [
    { name: "POST /v2/batches/create: one call object", text: requestText(BATCH_V2) },
    {
      name: "POST /v2/batches/create: call objects with start_time and b_cid",
      text: requestText({ ...BATCH_V2, call_objects: '[{"phone_number": "+14155550123", "b_cid": "row-1", "start_time": "2027-01-04 09:00:00 -05:00"}]' }),
    },
  ],
  invalid: [
    {
      name: "POST /v2/batches/create: no call_objects",
      text: `«${requestText({ global: BATCH_V2.global })}`,
      findings: [{ pointer: "", messageId: "missing" }],
    },
    {
      name: "POST /v2/batches/create: call_objects is an object",
      text: requestText({ ...BATCH_V2, call_objects: '«{"phone_number": "+14155550123"}' }),
      findings: [{ pointer: "/call_objects", messageId: "notList", data: { value: '{"phone_number":"+14155550123"}' } }],
    },
    {
      name: "POST /v2/batches/create: no calls at all",
      text: requestText({ ...BATCH_V2, call_objects: "«[]" }),
      findings: [{ pointer: "/call_objects", messageId: "empty" }],
    },
    {
      name: "POST /v2/batches/create: a number instead of a call object",
      text: requestText({ ...BATCH_V2, call_objects: '[{"phone_number": "+14155550123"}, «"+14155550124"]' }),
      findings: [{ pointer: "/call_objects/1", messageId: "notObject", data: { index: 1, value: '"+14155550124"' } }],
    },
  ],
});
