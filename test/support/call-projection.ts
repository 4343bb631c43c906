// Small projected data of a mapped call (house style: snapshots hold small projected data), shared by the call-event fixtures' test and their expectations.
import type { CallPath, CallRecord } from "../../src/calls/index.js";

/** What a fixture's expected.json holds per call: the path with what happened at each node, and the variables the call ended with. */
export function projectCall(record: CallRecord, path: CallPath): unknown {
  return {
    callId: path.callId,
    ...(record.pathwayId === undefined ? {} : { pathwayId: record.pathwayId }),
    ...(record.pathwayVersion === undefined ? {} : { pathwayVersion: record.pathwayVersion }),
    status: path.status,
    ...(path.reason === undefined ? {} : { reason: path.reason }),
    ...(path.unmapped.length === 0 ? {} : { unmapped: path.unmapped.map((u) => `${u.reason}: ${u.message}`) }),
    ...(path.unknownEventTypes ? { unknownEventTypes: path.unknownEventTypes } : {}),
    steps: path.steps.map((s) => ({
      node: s.nodeId,
      via: s.via,
      ...(s.turns.length === 0 ? {} : { turns: s.turns.map((t) => `${t.role}: ${t.text}`) }),
      ...(s.webhooks
        ? {
            webhooks: s.webhooks.map((w) => ({
              outcome: w.outcome,
              ...(w.status === undefined ? {} : { status: w.status }),
              ...(w.message === undefined ? {} : { message: w.message }),
              ...(w.warnings > 0 ? { warnings: w.warnings } : {}),
              ...(w.toolName ? { toolName: w.toolName } : {}),
              ...(w.mappings ? { mappings: w.mappings } : {}),
            })),
          }
        : {}),
      ...(s.variableChanges ? { variableChanges: s.variableChanges } : {}),
      ...(s.routingFailures ? { routingFailures: s.routingFailures } : {}),
    })),
    variables: { ...path.variables },
  };
}
