// What bland-cli loses of a pathway: one list of losses, each a pointer into the pathway pathwaykit reads and a message id.

/**
 * A loss on a push: what bland-cli 0.6.1 drops or changes. The `pull-*` ids are losses of a pathway taken through
 * bland-cli's file (`apiToFile`, what `bland pathway pull` writes, then `fileToApi`, what `push` sends); the `push-*`
 * ids are keys of a bland-cli file that `fileToApi` never sends. The lint rule `bland-cli-push-loss` holds the message
 * of each id.
 */
export type BlandCliLossId =
  | "idsRegenerated"
  | "typeNotRead"
  | "duplicateName"
  | "nodeDropped"
  | "startMoved"
  | "dataKeyDropped"
  | "dataValueChanged"
  | "falseDropped"
  | "globalConfigKeyDropped"
  | "globalConfigMerged"
  | "edgeDropped"
  | "edgeRetargeted"
  | "edgeTargetUnknown"
  | "edgeTextDropped"
  | "edgeKeyDropped"
  | "globalNotSent"
  | "fileKeyNotRead"
  | "nodeKeyNotSent"
  | "startKeyIgnored"
  | "variableKeyNotSent"
  | "edgeKeyNotSent"
  | "edgeConditionNotSent"
  | "falseNotSent"
  | "startNotFirstWritten";

/** One loss: where it is in the pathway pathwaykit reads (for a bland-cli file, the source map places it on its YAML line). */
export interface BlandCliLoss {
  pointer: string;
  messageId: BlandCliLossId;
  /** The message's `{{placeholders}}`. */
  data: Record<string, string>;
}

/** True for a value that says something: not absent, null, "", false, an empty list or an empty mapping. */
export function isMeaningful(value: unknown): boolean {
  if (value === undefined || value === null || value === "" || value === false) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}

/**
 * How a pathway reaches the service through bland-cli, for the `bland-cli-push-loss` rule: a bland-cli file (`project`,
 * with the keys its push never sends), or a pathway JSON in a folder bland-cli works in (`linked`: its `.blandrc`), whose
 * push through bland-cli's file loses what `toBlandCliFile` lists.
 */
export type BlandCliPushTarget = { kind: "project"; losses: readonly BlandCliLoss[] } | { kind: "linked"; blandrc: string; pathwayId?: string };
