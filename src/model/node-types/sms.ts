// The SMS node type (real files): sends a text message during the call.
import { defineNodeType } from "./descriptor.js";

export default defineNodeType({
  type: "SMS",
  aliases: [],
  documentedAs: null,
  summary: "Sends a text message (`message` or `smsBody`) to `phoneNumber`, from `fromNumber`.",
  flow: { exit: null, movesOn: null, runs: null },
  templates: [
    { name: "message", path: ["message"], deep: false, source: "real files (ivr-workaround)" },
    { name: "smsBody", path: ["smsBody"], deep: false, source: "real-world-pathways.md (both spellings seen)" },
    { name: "phoneNumber", path: ["phoneNumber"], deep: false, source: "real-world-pathways.md" },
    { name: "fromNumber", path: ["fromNumber"], deep: false, source: "real files (ivr-workaround)" },
  ],
  builder: null,
  diagram: { kind: "other" },
  call: { passedWithoutCaller: false },
});
