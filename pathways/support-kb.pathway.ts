// Example: inbound customer support that answers from a knowledge base and opens a ticket with a callback when it cannot.
import { defaultNode, endCall, knowledgeBase, pathway, transfer, variable } from "../src/builder/index.js";
import { collectCallbackNumber } from "./fragments/callback-number.js";

const HELP_CENTER = `Acme Router X2 support facts.
Resetting: hold the reset button on the back for 10 seconds until the light blinks orange, then wait two minutes.
Default Wi-Fi name and password are printed on the sticker under the router.
Lights: solid green means online; blinking green means updating (do not unplug); solid orange means no internet from the provider.
Firmware updates install automatically at 3 am local time.
Warranty: two years from purchase; a receipt or the order number is needed for a replacement.
Opening hours of the phone team: Monday to Friday, 8 am to 8 pm Eastern.`;

export default pathway({
  name: "Support from the knowledge base",
  description: "Answers router questions from the help-center facts; opens a ticket with a callback when it cannot help.",
  $schema: "../schemas/pathway.schema.json",
})
  .globalPrompt("You are the Acme support line. Be patient, use plain words, and never guess: say when you do not know.")
  .start(
    "greeting",
    defaultNode({
      name: "Greeting",
      text: "Hi, you've reached Acme support. What can I help you with today?",
    }),
  )
  .node(
    "answer-question",
    knowledgeBase({
      name: "Answer from the help center",
      prompt: "Answer the caller's question using only the knowledge base. If the answer is not in it, say so.",
      kb: HELP_CENTER,
    }),
  )
  .node(
    "anything-else",
    defaultNode({ name: "Anything else", prompt: "Ask whether the answer solved the problem and whether there is anything else." }),
  )
  .node(
    "open-ticket",
    defaultNode({
      name: "Open a ticket",
      prompt: "Ask the caller to describe the problem in a sentence or two and for their order number if they have it.",
      extractVars: [
        variable("issue_summary", "string", "A one-sentence summary of the caller's problem"),
        variable("order_number", "string", "The order number, if the caller has it"),
      ],
    }),
  )
  .use((b) => collectCallbackNumber(b, "ticket", "ticket-confirmed"))
  .node(
    "ticket-confirmed",
    endCall({
      name: "Ticket confirmed",
      prompt: "Tell the caller a specialist will call {{callback_number}} within one business day about: {{issue_summary}}. Say goodbye.",
    }),
  )
  .node("goodbye", endCall({ name: "Goodbye", text: "Glad I could help. Thanks for calling Acme, goodbye!" }))
  .global(
    "talk-to-agent",
    defaultNode({ name: "Talk to an agent", text: "Sure, I'll put you through to a support specialist now." }),
    { label: "The caller asks for a human, an agent or a supervisor" },
  )
  .node("support-team", transfer({ name: "Transfer to support", transferNumber: "+15550100150" }))
  .edge("greeting", "answer-question", "The caller asks a question about their router")
  .edge("greeting", "open-ticket", "The caller reports a fault that needs a technician")
  .edge("answer-question", "anything-else", "The question is answered")
  .edge("answer-question", "open-ticket", "The knowledge base does not cover the question")
  .edge("anything-else", "answer-question", "The caller has another question")
  .edge("anything-else", "goodbye", "The caller needs nothing else")
  .edge("open-ticket", "ticket-ask-number", "The caller described the problem")
  .edge("talk-to-agent", "support-team", "Always");
