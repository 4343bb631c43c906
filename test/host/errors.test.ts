// toErrorObject: every caught error becomes the one {code, message, reason?} object of `--format json`.
import { describe, expect, it } from "vitest";
import { EngineError, createErrorObject, toErrorObject } from "../../src/host/errors.js";
import { RemoteError } from "../../src/remote/errors.js";

describe("toErrorObject", () => {
  it.each([
    ["an EngineError with a reason", new EngineError("findings", "3 errors", "validation"), { code: "findings", message: "3 errors", reason: "validation" }],
    ["an EngineError without one (no reason key at all)", new EngineError("usage", "bad flag"), { code: "usage", message: "bad flag" }],
    [
      "a RemoteError: remote, its kind as the reason",
      new RemoteError("not-found", "gone (404)"),
      { code: "remote", message: "gone (404)", reason: "not-found" },
    ],
    ["a missing key: config, like any setting to fix", new RemoteError("config", "No API key"), { code: "config", message: "No API key" }],
    [
      "plain http to another host: config, reason insecure",
      new RemoteError("insecure", "Refusing http"),
      { code: "config", message: "Refusing http", reason: "insecure" },
    ],
    ["anything else: internal", new TypeError("x is undefined"), { code: "internal", message: "x is undefined" }],
  ])("%s", (_name, error, expected) => {
    expect(toErrorObject(error)).toStrictEqual(expected);
  });

  it("createErrorObject leaves out an undefined reason", () => {
    expect(Object.keys(createErrorObject("io", "cannot write"))).toEqual(["code", "message"]);
  });
});
