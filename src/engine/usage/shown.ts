// How a usage report shows what the service gave: numbers masked unless asked, long text cut, findings without edits.
import { maskPhoneNumber, maskPhoneNumbers } from "../../calls/mask.js";
import type { Diagnostic } from "../../diagnostics/index.js";

/** Text from the service as a report keeps it: cut past `max` characters (a name may be megabytes). */
export function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The writers of one report: a number, any text that may hold one, and a finding, each masked unless `show`. */
export interface Shown {
  number(value: string): string;
  text(value: string): string;
  finding(d: Diagnostic): Diagnostic;
}

/**
 * The report's writers. Masked (the default), a number is `+1555***0123` and every number inside a text (a message
 * quoting one, a URL holding one) is too. A finding keeps what a reader needs (rule, severity, message, pointer,
 * range, url, related places): a configuration read from the service has no file to apply a fix to.
 */
export function createShown(show: boolean): Shown {
  const text = show ? (value: string) => value : maskPhoneNumbers;
  return {
    number: show ? (value) => value : maskPhoneNumber,
    text,
    finding: (d) => ({
      ruleId: d.ruleId,
      severity: d.severity,
      message: text(d.message),
      pointer: d.pointer,
      ...(d.range && { range: d.range }),
      ...(d.url !== undefined && { url: d.url }),
      ...(d.related && { related: d.related.map((r) => ({ ...r, message: text(r.message) })) }),
    }),
  };
}
