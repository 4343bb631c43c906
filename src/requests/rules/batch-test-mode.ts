// test_mode dispatches only the first call_data row (seed 4.3, part 8): a note so a forgotten flag is seen.
import { at } from "../helpers.js";
import { defineRequestRule } from "../rule.js";

export default defineRequestRule({
  meta: {
    id: "batch-test-mode",
    description:
      "A batch with `test_mode: true` dispatches only the first `call_data` row (POST /v1/batches: test_mode; the API reference's limits); remove it before the real send.",
    defaultSeverity: "info",
    set: "request",
    kinds: ["batch"],
    messages: {
      batchTestMode:
        "test_mode is on: only the first of {{rows}} call_data row{{detail}} is dispatched (POST /v1/batches: test_mode); remove test_mode to call every row.",
    },
  },
  check({ body }, report) {
    if (body.test_mode !== true) return;
    const rows = Array.isArray(body.call_data) ? body.call_data.length : 0;
    report({ pointer: at("test_mode"), messageId: "batchTestMode", data: { rows, detail: rows === 1 ? "" : "s" } });
  },
});
