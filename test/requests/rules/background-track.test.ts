// Table test of background-track.
import { ruleTable } from "../../support/rule-table.js";
import { CALL, checkText, requestText } from "../../support/request-text.js";

ruleTable("background-track", checkText(), {
  valid: [
    { name: "seed 4.1: null (quiet phone static)", text: requestText({ ...CALL, background_track: "null" }) },
    { name: "seed 4.1: cafe", text: requestText({ ...CALL, background_track: '"cafe"' }) },
  ],
  invalid: [
    {
      name: "seed 4.1: a track that is not in the list",
      text: requestText({ ...CALL, background_track: '«"offices"' }),
      findings: [
        {
          pointer: "/background_track",
          messageId: "backgroundTrack",
          data: { value: '"offices"', detail: 'did you mean "office"? ', BACKGROUND_TRACKS: "office, cafe, restaurant, none" },
        },
      ],
    },
  ],
});
