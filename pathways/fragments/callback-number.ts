// A reusable sub-flow: ask for the best callback number, read it back, then continue at `next`. Ids get `prefix-`.
import { defaultNode, variable, type PathwayBuilder } from "../../src/builder/index.js";

/**
 * Adds `<prefix>-ask-number` and `<prefix>-confirm-number` to `builder` and connects the confirmation to `next`.
 * Connect into the sub-flow with an edge to `` `${prefix}-ask-number` ``; two uses with different prefixes never collide.
 */
export function collectCallbackNumber<const Prefix extends string, Ids extends string, HasStart extends boolean>(
  builder: PathwayBuilder<Ids, HasStart>,
  prefix: Prefix,
  next: Ids,
) {
  return builder
    .node(
      `${prefix}-ask-number`,
      defaultNode({
        name: "Ask for a callback number",
        prompt:
          "Ask the caller for the best phone number to reach them on, including the area code. " +
          "If they say the number they are calling from is fine, use {{from}}.",
        extractVars: [variable("callback_number", "string", "The phone number to call back, digits only, with area code")],
      }),
    )
    .node(
      `${prefix}-confirm-number`,
      defaultNode({
        name: "Confirm the callback number",
        prompt: "Read {{callback_number}} back to the caller digit by digit and ask them to confirm it.",
        condition: "The caller has confirmed the callback number is correct.",
      }),
    )
    .edge(`${prefix}-ask-number`, `${prefix}-confirm-number`, "The caller gave a phone number")
    .edge(`${prefix}-confirm-number`, `${prefix}-ask-number`, "The caller says the number is wrong")
    .edge(`${prefix}-confirm-number`, next, "The caller confirmed the number");
}
