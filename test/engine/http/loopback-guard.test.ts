// createLoopbackGuard, the one Host and Origin check of report --serve and calls listen: which requests a loopback server answers.
import { describe, expect, it } from "vitest";
import { createLoopbackGuard } from "../../../src/engine/http/loopback-guard.js";

const guard = createLoopbackGuard(() => 8787);
const tunnel = createLoopbackGuard(() => 8787, { allowedHosts: ["Hooks.Example.test"] });

describe("createLoopbackGuard", () => {
  it.each([
    [{ host: "127.0.0.1:8787" }],
    [{ host: "localhost:8787" }],
    [{ host: "LOCALHOST:8787" }],
    [{ host: "127.0.0.1:8787", origin: "http://127.0.0.1:8787" }],
    [{ host: "127.0.0.1:8787", origin: "http://localhost:8787" }],
  ])("answers %j", (headers) => {
    expect(guard.check(headers)).toBeUndefined();
  });

  it.each([
    [{}, /not at Host ""/],
    [{ host: "attacker.example:8787" }, /not at Host "attacker.example:8787"/],
    [{ host: "127.0.0.1:8788" }, /only at 127\.0\.0\.1:8787/],
    [{ host: "127.0.0.1" }, /only at 127\.0\.0\.1:8787/],
    [{ host: "hooks.example.test" }, /only at/],
    [{ host: "127.0.0.1:8787", origin: "https://attacker.example" }, /another site .*"https:\/\/attacker\.example"/],
    [{ host: "127.0.0.1:8787", origin: "http://localhost" }, /another site/],
    [{ host: "127.0.0.1:8787", origin: "null" }, /another site/],
    [{ host: "127.0.0.1:8787", origin: "file://" }, /another site/],
  ])("refuses %j", (headers, message) => {
    expect(guard.check(headers)).toMatch(message);
  });

  it("answers the hosts it is told of, as sent, and their origins", () => {
    expect(tunnel.check({ host: "hooks.example.test" })).toBeUndefined();
    expect(tunnel.check({ host: "hooks.example.test", origin: "https://hooks.example.test" })).toBeUndefined();
    expect(tunnel.check({ host: "hooks.example.test:443" })).toMatch(/and the hosts allowed/);
    expect(tunnel.check({ host: "127.0.0.1:8787", origin: "https://attacker.example" })).toMatch(/another site/);
  });
});
