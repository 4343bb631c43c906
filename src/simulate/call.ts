// The call's system variables (seed part 2.1 plus what real pathways read): always set in a simulated run, from a `call:` block.
/** What a scenario's `call:` block may say about the simulated call; every field is optional. */
export interface CallInfo {
  /** The caller's number, E.164. Default "+15550100001". */
  from?: string;
  /** The number called, E.164. Default "+15550100002". */
  to?: string;
  /** The fixed clock of the run, ISO 8601 with an offset or Z. Default "2025-01-06T09:00:00Z" (a Monday morning). */
  now?: string;
  /** The call id. Default "sim-call-0001". */
  call_id?: string;
  city?: string;
  country?: string;
  state?: string;
  zip?: string;
  /** `{{input}}`: listed among the call's variables (POST /v1/calls) without saying what it holds. Default "" (empty). */
  input?: string;
}

/** The defaults of `CallInfo`. */
export const DEFAULT_CALL: Required<CallInfo> = {
  from: "+15550100001",
  to: "+15550100002",
  now: "2025-01-06T09:00:00Z",
  call_id: "sim-call-0001",
  city: "San Francisco",
  country: "US",
  state: "CA",
  zip: "94105",
  input: "",
};

/** The number without country code and plus (`short_from`, `short_to`): the last ten digits of a +1 number. */
function toShort(number: string): string {
  const digits = number.replace(/\D/g, "");
  return number.startsWith("+1") && digits.length === 11 ? digits.slice(1) : digits;
}

const spoken = new Map<number, string>();

/** A readable form of the clock, as the service fills `now` in (`Monday, January 6, 2025 9:00 AM UTC`-like, in UTC). */
function toSpoken(now: Date): string {
  // Every simulated call of a run asks for the same clock.
  const known = spoken.get(now.getTime());
  if (known !== undefined) return known;
  if (spoken.size > 64) spoken.clear();
  const text = toSpokenUncached(now);
  spoken.set(now.getTime(), text);
  return text;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * `Monday, January 6, 2025 at 9:00 AM UTC`: what toLocaleString("en-US", long weekday and month, UTC) says, written
 * out for four-digit years, because the first toLocaleString of a process loads the locale data (15 ms, more than the
 * rest of a short run's start). Other years still ask it.
 */
function toSpokenUncached(now: Date): string {
  const year = now.getUTCFullYear();
  if (year < 1000 || year > 9999)
    return (
      now.toLocaleString("en-US", { timeZone: "UTC", weekday: "long", year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit" }) +
      " UTC"
    );
  const hour = now.getUTCHours();
  const minute = String(now.getUTCMinutes()).padStart(2, "0");
  return `${WEEKDAYS[now.getUTCDay()]}, ${MONTHS[now.getUTCMonth()]} ${now.getUTCDate()}, ${year} at ${hour % 12 || 12}:${minute} ${hour < 12 ? "AM" : "PM"} UTC`;
}

/**
 * The system variables of a simulated call: now, now_utc, from, to, short_from, short_to, call_id (and callID, as the
 * chat API names it), phone_number, city, country, state, zip, input, plus lastUserMessage and prevNodePrompt (empty until
 * the caller speaks or the conversation moves). Throws a RangeError naming `now` when it is not a date.
 */
export function getCallVariables(call: CallInfo = {}): Record<string, unknown> {
  const c = { ...DEFAULT_CALL, ...call };
  const clock = new Date(c.now);
  if (Number.isNaN(clock.getTime())) throw new RangeError(`call.now: "${c.now}" is not a date; write it as ISO 8601, e.g. 2025-01-06T09:00:00Z`);
  return {
    now: toSpoken(clock),
    now_utc: clock.toISOString(),
    from: c.from,
    to: c.to,
    short_from: toShort(c.from),
    short_to: toShort(c.to),
    call_id: c.call_id,
    callID: c.call_id,
    phone_number: c.from,
    city: c.city,
    country: c.country,
    state: c.state,
    zip: c.zip,
    input: c.input,
    lastUserMessage: "",
    prevNodePrompt: "",
  };
}
