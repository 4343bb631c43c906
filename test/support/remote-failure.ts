// The RemoteError a client call fails with: the tests of the service client ask for the refusal, not the answer.
import { expect } from "vitest";
import { RemoteError } from "../../src/remote/index.js";

/** Awaits `promise`, expects it to fail with a RemoteError, and returns that error. */
export async function failure(promise: Promise<unknown>): Promise<RemoteError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemoteError);
  return error as RemoteError;
}
