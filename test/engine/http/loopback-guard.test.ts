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

  it.each([
    ["/", undefined],
    ["*", undefined],
    ["http://127.0.0.1:8787/", undefined],
    ["https://localhost:8787/x", undefined],
    ["http://attacker.example/", /addressed to "http:\/\/attacker\.example\/", not to this server/],
    ["http://127.0.0.1:8788/", /not to this server/],
    ["127.0.0.1:8787", /not to this server/],
  ])("judges the request target %s by the host it names (RFC 9112, 3.2.2)", (target, message) => {
    const answer = guard.check({ host: "127.0.0.1:8787" }, target);
    if (message === undefined) expect(answer).toBeUndefined();
    else expect(answer).toMatch(message);
  });

  it("on port 80 answers the host without its port, as clients send it there", () => {
    const onDefault = createLoopbackGuard(() => 80);
    expect(onDefault.check({ host: "127.0.0.1" })).toBeUndefined();
    expect(onDefault.check({ host: "localhost", origin: "http://localhost" }, "http://127.0.0.1/")).toBeUndefined();
    expect(guard.check({ host: "127.0.0.1" })).toMatch(/only at 127\.0\.0\.1:8787/);
  });

  it("answers the hosts it is told of, as sent, and their origins", () => {
    expect(tunnel.check({ host: "hooks.example.test" })).toBeUndefined();
    expect(tunnel.check({ host: "hooks.example.test", origin: "https://hooks.example.test" })).toBeUndefined();
    expect(tunnel.check({ host: "hooks.example.test:443" })).toMatch(/and the hosts allowed/);
    expect(tunnel.check({ host: "127.0.0.1:8787", origin: "https://attacker.example" })).toMatch(/another site/);
  });
});
