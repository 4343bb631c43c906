// Table test of unsupported-language.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("unsupported-language", checkText(), {
  valid: [
    { name: "seed 4.1: en-GB", text: requestText({ ...CALL, language: '"en-GB"' }) },
    { name: "seed 4.1: zh - Hans with the published spacing", text: requestText({ ...CALL, language: '"zh - Hans"' }) },
  ],
  invalid: [
    {
      name: "seed 4.1: zh-Hans without the published spacing",
      text: requestText({ ...CALL, language: '«"zh-Hans"' }),
      findings: [
        {
          pointer: "/language",
          messageId: "unsupportedLanguage",
          data: {
            value: '"zh-Hans"',
            detail: 'did you mean "zh - Hans"? ',
            LANGUAGES: "en, en-US, en-GB, zh, zh-CN, zh - Hans, zh - TW, zh - Hant, es, fr, de, hi, ja, ko, pt, it, nl, pl, ru, sv, da, id, ms, tr",
          },
        },
      ],
    },
    { name: "seed 4.1: a language not in the list", text: requestText({ ...CALL, language: '«"el"' }), findings: [{ pointer: "/language" }] },
  ],
});
