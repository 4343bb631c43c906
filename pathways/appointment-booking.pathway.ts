// Example: inbound appointment booking for a dental clinic, with an availability webhook, a transfer and a global "talk to a human" node.
import { defaultNode, endCall, pathway, transfer, variable, webhook } from "../src/builder/index.js";

const FRONT_DESK = "+15550100123";

export default pathway({
  name: "Appointment booking",
  description: "Books, checks and confirms dental appointments; hands over to the front desk on request.",
  $schema: "../schemas/pathway.schema.json",
})
  .globalPrompt(
    `You are Ava, the friendly receptionist of Brightside Dental. Keep answers short and warm.
Never give medical advice; offer to book an appointment instead. Today is {{now}}.`,
  )
  .start(
    "greeting",
    defaultNode({
      name: "Greeting",
      text: "Thanks for calling Brightside Dental, this is Ava. Would you like to book an appointment?",
    }),
  )
  .node(
    "collect-details",
    defaultNode({
      name: "Collect appointment details",
      prompt: `Ask for the caller's full name, the day and time they would like to come in, and whether they have
visited Brightside Dental before. Ask one question at a time.`,
      condition: "You know the caller's name, preferred date and time, and whether they are a new patient.",
      extractVars: [
        variable("patient_name", "string", "The caller's full name"),
        variable("preferred_date", "string", "The day the caller wants to come in, as YYYY-MM-DD"),
        variable("preferred_time", "string", "The time of day the caller wants, as HH:MM in 24-hour time"),
        variable("is_new_patient", "boolean", "True when the caller has never visited the clinic"),
      ],
      modelOptions: { temperature: 0.2 },
    }),
  )
  .node(
    "check-availability",
    webhook({
      name: "Check availability",
      prompt: "Tell the caller you are checking the calendar; it only takes a moment.",
      url: "https://api.brightside-dental.example/v1/availability",
      method: "POST",
      body: '{"date":"{{preferred_date}}","time":"{{preferred_time}}","new_patient":{{is_new_patient}}}',
      headers: [["Content-Type", "application/json"]],
      responseData: [
        { name: "slot_available", data: "$.available", context: "Whether the requested slot is free" },
        { name: "slot_time", data: "$.slot", context: "The slot that was found, e.g. Tuesday at 10:30" },
      ],
      responsePathways: [
        ["slot_available", "==", true, { id: "confirm-booking", name: "Confirm booking" }],
        ["Default/Webhook Completion", "", "", { id: "offer-alternative", name: "Offer another time" }],
      ],
    }),
  )
  .node(
    "confirm-booking",
    defaultNode({
      name: "Confirm booking",
      prompt: "Tell {{patient_name}} they are booked for {{slot_time}} and ask if there is anything else you can help with.",
    }),
  )
  .node(
    "offer-alternative",
    defaultNode({
      name: "Offer another time",
      prompt: "Apologise that {{preferred_date}} at {{preferred_time}} is taken and ask for another day or time.",
      extractVars: [
        variable("preferred_date", "string", "The new day the caller wants, as YYYY-MM-DD"),
        variable("preferred_time", "string", "The new time of day the caller wants, as HH:MM in 24-hour time"),
      ],
    }),
  )
  .node("goodbye", endCall({ name: "Goodbye", text: "Thanks for calling Brightside Dental. See you soon, goodbye!" }))
  .global(
    "talk-to-human",
    defaultNode({
      name: "Talk to a human",
      text: "Of course, let me connect you with someone at our front desk.",
    }),
    { label: "The caller asks to speak to a person, a receptionist or a human", description: "Any time during the call." },
  )
  .node("front-desk", transfer({ name: "Transfer to the front desk", transferNumber: FRONT_DESK }))
  .edge("greeting", "collect-details", "The caller wants to book an appointment")
  .edge("greeting", "goodbye", "The caller does not need an appointment")
  .edge("collect-details", "check-availability", "All appointment details are collected")
  .edge("offer-alternative", "check-availability", "The caller gave another day or time")
  .edge("offer-alternative", "talk-to-human", "No time suits the caller")
  .edge("confirm-booking", "goodbye", "The caller needs nothing else")
  .edge("confirm-booking", "collect-details", "The caller wants to book another appointment")
  .edge("talk-to-human", "front-desk", "Always", { description: "Hand the call to the front desk" });
