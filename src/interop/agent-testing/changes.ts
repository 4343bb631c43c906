// What differs between a scenario file's fields and the service's copy: the fields an update sends, and the assertions it would remove that the file did not make.
import { isObject } from "../../model/pathway.js";
import { OWN_ASSERTION_NAME } from "./to-server.js";

/** What an update of the service's scenario must send. */
export interface ScenarioChanges {
  /** The fields that differ, with the file's values (PUT sends only these). */
  update: Record<string, unknown>;
  /** Their names, in the body's order. */
  fields: string[];
  /** Assertions on the service that the update's `assertions` would remove and that pathwaykit did not make (made in the web page). */
  dropped: { name: string; type: string }[];
}

/** Canonical JSON: keys sorted, so two objects compare by content. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isObject(value))
    return `{${Object.keys(value)
      .sort()
      .filter((k) => value[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/** The service's assertions in evaluation order (`order` when every one has it), as objects. */
function serverAssertions(value: unknown): Record<string, unknown>[] {
  const list = Array.isArray(value) ? value.filter(isObject) : [];
  return list.every((a) => typeof a.order === "number") ? [...list].sort((a, b) => (a.order as number) - (b.order as number)) : list;
}

/** True when the service's assertion is the one the file sends: same type, name, required flag, and config on the keys sent. */
function sameAssertion(sent: Record<string, unknown>, held: Record<string, unknown>): boolean {
  const config = isObject(sent.config) ? sent.config : {};
  const heldConfig = isObject(held.config) ? held.config : {};
  return (
    held.type === sent.type &&
    held.name === sent.name &&
    (held.is_required ?? true) === (sent.is_required ?? true) &&
    Object.keys(config).every((k) => canonical(heldConfig[k]) === canonical(config[k]))
  );
}

/** True when the service's assertion checks what the file's does: the same node reached, or the same judge prompt. */
function sameCheck(sent: Record<string, unknown>, held: Record<string, unknown>): boolean {
  const a = isObject(sent.config) ? sent.config : {};
  const b = isObject(held.config) ? held.config : {};
  if (sent.type !== held.type) return false;
  return sent.type === "NODE_REACHED" ? a.node_id === b.node_id : sent.type === "LLM_JUDGE" ? a.prompt === b.prompt : false;
}

/** True when `held` (the service's value of `field`) equals `sent`, reading the service's empty forms as the documented defaults. */
function sameField(field: string, sent: unknown, held: unknown): boolean {
  if (field === "request_data") return canonical(held ?? {}) === canonical(sent ?? {});
  if (field === "start_node_id") return (held ?? null) === (sent ?? null);
  if (field === "scenario_type") return (held ?? "AGENT") === sent;
  return canonical(held) === canonical(sent);
}

/**
 * The fields of `desired` (a create body, see toServerScenario) whose values the service's `current` copy does not
 * hold. `assertions` is compared as a whole, since an update replaces them all; `dropped` lists the service's
 * assertions that replacement removes and whose names are not pathwaykit's (someone added them in the web page).
 */
export function getScenarioChanges(desired: Record<string, unknown>, current: Record<string, unknown>): ScenarioChanges {
  const update: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(desired)) {
    if (field === "assertions") continue;
    if (!sameField(field, value, current[field])) update[field] = value;
  }
  const sent = Array.isArray(desired.assertions) ? desired.assertions.filter(isObject) : [];
  const held = serverAssertions(current.assertions);
  const dropped: ScenarioChanges["dropped"] = [];
  if (desired.assertions !== undefined && (sent.length !== held.length || sent.some((a, i) => !sameAssertion(a, held[i]!)))) {
    update.assertions = desired.assertions;
    for (const a of held) {
      const name = typeof a.name === "string" ? a.name : "";
      // One the file holds too (a pulled NODE_REACHED or LLM_JUDGE, named in the web page) is replaced, not lost.
      if (!OWN_ASSERTION_NAME.test(name) && !sent.some((own) => sameCheck(own, a)))
        dropped.push({ name, type: typeof a.type === "string" ? a.type : "unknown" });
    }
  }
  return { update, fields: Object.keys(update), dropped };
}
