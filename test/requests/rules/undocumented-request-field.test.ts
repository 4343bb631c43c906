// Table test of undocumented-request-field: fields the seed does not list, noted with where real clients send them.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, INBOUND, PURCHASE, requestText } from "../../support/request-text.js";

ruleTable("undocumented-request-field", checkText(), {
  valid: [
    { name: "seed 4.1: documented fields only", text: requestText({ ...CALL, request_data: '{"anything": 1}' }) },
    { name: "seed 4.1: a typo of a documented field is unknown-request-field's (with a did-you-mean)", text: requestText({ ...CALL, request_dta: "{}" }) },
  ],
  invalid: [
    {
      name: "seed 4.2: pathway_version in an inbound update, as three real projects send it",
      text: requestText({ pathway_id: '"p-1"', pathway_version: "«3" }),
      findings: [
        {
          pointer: "/pathway_version",
          messageId: "undocumentedRequestField",
          data: {
            fWhat: "The inbound request",
            fKey: '"pathway_version"',
            fPlace: "POST /v1/inbound/{phone_number}",
            known:
              "; seen in real clients: POST /v1/calls and /v1/inbound bodies of three independent projects. Whether the service reads it is not documented.",
          },
        },
      ],
    },
    {
      name: "seed 4.1: voicemail as an object, noise_cancellation and dispositions",
      text: requestText({
        ...CALL,
        voicemail: '«{"message": "Call us back", "action": "leave_message"}',
        noise_cancellation: "«true",
        dispositions: '«["booked"]',
      }),
      findings: [
        {
          pointer: "/voicemail",
          messageId: "undocumentedRequestField",
          data: {
            fWhat: "The call request",
            fKey: '"voicemail"',
            fPlace: "POST /v1/calls",
            known:
              "; seen in real clients: POST /v1/calls bodies of real projects, as an object {message, action, sms, ...}. Whether the service reads it is not documented.",
          },
        },
        {
          pointer: "/noise_cancellation",
          messageId: "undocumentedRequestField",
          data: {
            fWhat: "The call request",
            fKey: '"noise_cancellation"',
            fPlace: "POST /v1/calls",
            known: "; seen in real clients: POST /v1/calls and /v1/inbound bodies of real projects. Whether the service reads it is not documented.",
          },
        },
        {
          pointer: "/dispositions",
          messageId: "undocumentedRequestField",
          data: {
            fWhat: "The call request",
            fKey: '"dispositions"',
            fPlace: "POST /v1/calls",
            known: "; seen in real clients: POST /v1/calls bodies of real projects. Whether the service reads it is not documented.",
          },
        },
      ],
    },
    {
      name: "seed 4.6: a purchase field nobody is known to send",
      text: requestText({ ...PURCHASE, region: '«"west"' }),
      findings: [
        {
          pointer: "/region",
          messageId: "undocumentedRequestField",
          data: {
            fWhat: "The purchase request",
            fKey: '"region"',
            fPlace: "POST /v1/inbound/purchase",
            known: ". Whether the service reads it is not documented; check its name in the API reference.",
          },
        },
      ],
    },
    {
      name: "seed 4.2: an inbound field nobody is known to send",
      text: requestText({ ...INBOUND, crm_contact_reference: '«"c-1"' }),
      findings: [
        {
          pointer: "/crm_contact_reference",
          messageId: "undocumentedRequestField",
          data: {
            fWhat: "The inbound request",
            fKey: '"crm_contact_reference"',
            fPlace: "POST /v1/inbound/{phone_number}",
            known: ". Whether the service reads it is not documented; check its name in the API reference.",
          },
        },
      ],
    },
  ],
});
