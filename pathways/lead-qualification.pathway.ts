// Example: outbound lead qualification that collects typed variables (integer, boolean, string) and books a follow-up.
import { defaultNode, endCall, pathway, transfer, variable } from "../src/builder/index.js";
import { collectCallbackNumber } from "./fragments/callback-number.js";

const SALES_DESK = "+15550100188";

export default pathway({
  name: "Lead qualification",
  description: "Calls inbound leads back, qualifies them on size, budget, timeline and authority, and routes hot leads to sales.",
  $schema: "../schemas/pathway.schema.json",
})
  .globalPrompt(
    `You are Sam from Northwind Analytics, calling {{lead_name}} back about the demo request they sent.
Be brief and polite; if the person is busy, offer to call back later.`,
  )
  .start(
    "introduction",
    defaultNode({
      name: "Introduction",
      prompt: "Introduce yourself, mention their demo request for Northwind Analytics, and ask if now is a good time for three quick questions.",
    }),
  )
  .node(
    "company-size",
    defaultNode({
      name: "Company size",
      prompt: "Ask how many people work at their company.",
      extractVars: [variable("employee_count", "integer", "Number of employees at the lead's company")],
    }),
  )
  .node(
    "budget",
    defaultNode({
      name: "Budget",
      prompt: "Ask whether they have a budget set aside for an analytics tool this year.",
      extractVars: [variable("has_budget", "boolean", "True when the lead has budget for an analytics tool this year")],
    }),
  )
  .node(
    "timeline-and-authority",
    defaultNode({
      name: "Timeline and authority",
      prompt: "Ask when they hope to have a tool in place, and whether they make the buying decision or who else is involved.",
      extractVars: [
        variable("timeline", "string", "When the lead wants a tool in place, e.g. this quarter, next year"),
        variable("is_decision_maker", "boolean", "True when the lead makes the buying decision"),
      ],
      modelOptions: { temperature: 0.3 },
    }),
  )
  .node(
    "qualified",
    defaultNode({
      name: "Qualified lead",
      text: "That sounds like a great fit. Let me connect you with one of our account executives right now.",
    }),
  )
  .node("sales-desk", transfer({ name: "Transfer to sales", transferNumber: SALES_DESK }))
  .node(
    "not-a-fit",
    endCall({
      name: "Not a fit yet",
      prompt: "Thank them for their time, say you will email some resources, and say goodbye.",
    }),
  )
  .node(
    "call-later",
    defaultNode({
      name: "Call back later",
      prompt: "Ask what day and time would suit them better for a five-minute call.",
      extractVars: [variable("callback_time", "string", "When the lead wants to be called back, as free text")],
    }),
  )
  .use((b) => collectCallbackNumber(b, "callback", "callback-booked"))
  .node(
    "callback-booked",
    endCall({ name: "Callback booked", prompt: "Confirm you will call {{callback_number}} at {{callback_time}} and say goodbye." }),
  )
  .edge("introduction", "company-size", "The lead has time now")
  .edge("introduction", "call-later", "The lead is busy or asks to be called later")
  .edge("company-size", "budget", "The lead said how many people work there")
  .edge("budget", "timeline-and-authority", "The lead answered about budget")
  .edge("timeline-and-authority", "qualified", "The lead has budget, at least 20 employees and a timeline within six months")
  .edge("timeline-and-authority", "not-a-fit", "The lead has no budget, fewer than 20 employees, or no timeline")
  .edge("qualified", "sales-desk", "Always")
  .edge("call-later", "callback-ask-number", "The lead gave a day and time");
