// Table test of unknown-request-field: near misses of documented names, with a did-you-mean.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, INBOUND, PURCHASE, requestText } from "../../support/request-text.js";

ruleTable("unknown-request-field", checkText(), {
  valid: [
    { name: "seed 4.1: documented fields only", text: requestText({ ...CALL, request_data: '{"anything": 1}', metadata: '{"x": 1}' }) },
    {
      name: "seed 4.1: fields real clients send are no typos (pathway_version is not voice_preset_id)",
      text: requestText({ ...CALL, pathway_version: "3", voicemail: '{"message": "Hi", "action": "leave_message"}', noise_cancellation: "true", amd: "false" }),
    },
    {
      name: "seed 4.1: a name no documented field is near is only noted (undocumented-request-field)",
      text: requestText({ ...CALL, crm_contact_reference: '"c-1"' }),
    },
    { name: "seed 4.1: a 1 MB name is not compared with every field", text: requestText({ ...CALL, [`x${"voice".repeat(200_000)}`]: "1" }) },
  ],
  invalid: [
    {
      name: "seed 4.1: request_dta is a typo of request_data",
      text: requestText({ ...CALL, request_dta: '«{"name": "Ada"}' }),
      findings: [
        {
          pointer: "/request_dta",
          messageId: "unknownRequestField",
          data: { fWhat: "The call request", fKey: '"request_dta"', fPlace: "POST /v1/calls", fNear: "request_data" },
        },
      ],
    },
    {
      name: "seed part 9: voice_idd is a typo of voice_id",
      text: requestText({ ...CALL, voice_idd: "«1" }),
      findings: [
        {
          pointer: "/voice_idd",
          messageId: "unknownRequestField",
          data: { fWhat: "The call request", fKey: '"voice_idd"', fPlace: "POST /v1/calls", fNear: "voice_id" },
        },
      ],
    },
    {
      name: "seed 4.2: promt is a typo of prompt",
      text: requestText({ ...INBOUND, promt: '«"x"' }),
      findings: [
        {
          pointer: "/promt",
          messageId: "unknownRequestField",
          data: { fWhat: "The inbound request", fKey: '"promt"', fPlace: "POST /v1/inbound/{phone_number}", fNear: "prompt" },
        },
      ],
    },
    {
      name: "seed 2.6: an unknown retry field",
      text: requestText({ ...CALL, retry: '{"wiat": «30}' }),
      findings: [
        { pointer: "/retry/wiat", messageId: "unknownRequestField", data: { fWhat: "retry", fKey: '"wiat"', fPlace: "POST /v1/calls: retry", fNear: "wait" } },
      ],
    },
    {
      name: "seed 4.6: a purchase field a letter off",
      text: requestText({ ...PURCHASE, area_cod: '«"415"' }),
      findings: [
        {
          pointer: "/area_cod",
          messageId: "unknownRequestField",
          data: { fWhat: "The purchase request", fKey: '"area_cod"', fPlace: "POST /v1/inbound/purchase", fNear: "area_code" },
        },
      ],
    },
  ],
});
