// Waiting for the service: growing pauses, a time limit that never oversleeps, 429s and dropped reads waited out, other errors thrown, Ctrl-C's signal keeping what was read.
import { describe, expect, it } from "vitest";
import { pollUntil } from "../../../src/engine/scenarios/server/poll.js";
import { RemoteError } from "../../../src/remote/errors.js";

/** A clock that moves only when the poll sleeps, and the pauses it was asked for. */
function fakeTime() {
  let now = 0;
  const pauses: number[] = [];
  return { pauses, clock: () => now, sleep: async (ms: number) => void (pauses.push(ms), (now += ms)) };
}

describe("pollUntil", () => {
  it("reads until the value is final, each pause 1.5 times the last, at most the cap", async () => {
    const time = fakeTime();
    const values = ["RUNNING", "RUNNING", "RUNNING", "RUNNING", "PASSED"];
    const result = await pollUntil(
      async () => values.shift()!,
      (v) => v === "PASSED",
      { ...time, pollIntervalMs: 100, maxIntervalMs: 200 },
    );
    expect(result).toEqual({ value: "PASSED", finished: true });
    expect(time.pauses).toEqual([100, 150, 200, 200]);
  });

  it("stops at the time limit without taking a pause that would end past it, keeping the last value", async () => {
    const time = fakeTime();
    const result = await pollUntil(
      async () => "RUNNING",
      () => false,
      { ...time, pollIntervalMs: 100, factor: 2, maxWaitMs: 1000 },
    );
    expect(result).toEqual({ value: "RUNNING", finished: false, stopped: "time limit" });
    expect(time.pauses).toEqual([100, 200, 400]);
  });

  it("waits out a 429 or a dropped read, and throws anything else at once", async () => {
    const time = fakeTime();
    const answers: (string | RemoteError)[] = [new RemoteError("rate-limited", "429"), new RemoteError("network", "reset"), "PASSED"];
    const read = async () => {
      const next = answers.shift()!;
      if (next instanceof RemoteError) throw next;
      return next;
    };
    expect(await pollUntil(read, (v) => v === "PASSED", { ...time, pollIntervalMs: 10 })).toEqual({ value: "PASSED", finished: true });
    await expect(
      pollUntil(
        async () => Promise.reject(new RemoteError("unauthorized", "401")),
        () => true,
        time,
      ),
    ).rejects.toThrow("401");
  });

  it("says why it stopped when the reads kept failing until the time limit", async () => {
    const time = fakeTime();
    const result = await pollUntil(
      async () => Promise.reject(new RemoteError("server", "503 from the service")),
      () => true,
      { ...time, pollIntervalMs: 10, maxWaitMs: 30 },
    );
    expect(result.finished).toBe(false);
    expect(result.lastError?.message).toBe("503 from the service");
  });

  it("stops on the signal during a pause, keeping the last value read", async () => {
    const controller = new AbortController();
    let reads = 0;
    const sleep = (_ms: number, signal?: AbortSignal) =>
      new Promise<void>((_resolve, reject) => {
        signal?.addEventListener("abort", () => reject(new Error("aborted")), { once: true });
        controller.abort();
      });
    const result = await pollUntil(
      async () => `RUNNING ${++reads}`,
      () => false,
      { sleep, signal: controller.signal },
    );
    expect(result).toEqual({ value: "RUNNING 1", finished: false, stopped: "interrupted" });
  });
});
