// Version numbers from the service are non-negative safe integers in decimal: others are skipped, never requested.
import fc from "fast-check";
import { beforeEach, describe, expect, it } from "vitest";
import { toVersionNumber } from "../../src/remote/versions.js";
import type { FakeService } from "../support/fake-service.js";
import { useServiceProject } from "../support/temp-project.js";

const pathway = (name: string) => ({ name, nodes: [{ id: "start", type: "Default", data: { name: "Start", isStart: true, text: name } }], edges: [] });

/** A versions answer whose odd entries `Number()` would read as 16, 7, 1e300, 1.5 and -1. */
const ODD_LIST = JSON.stringify([
  { id: "a", version_number: "0x10", created_at: "2024-01-01T00:00:00Z" },
  { id: "b", version_number: " 7 ", created_at: "2024-01-02T00:00:00Z" },
  { id: "c", version_number: 1e300, created_at: "2024-01-03T00:00:00Z" },
  { id: "d", version_number: 1.5, created_at: "2024-01-04T00:00:00Z" },
  { id: "e", version_number: "-1", created_at: "2024-01-05T00:00:00Z" },
  { id: "f", version_number: 1, created_at: "2024-01-06T00:00:00Z" },
  { id: "g", version_number: "2", created_at: "2024-01-07T00:00:00Z", is_latest: true },
]);

const project = useServiceProject(
  { pathways: { "pw-odd": pathway("v2") }, versions: { "pw-odd": [pathway("v1"), pathway("v2")] } },
  {},
  "pathwaykit-versions-",
);
let service: FakeService;
beforeEach(() => {
  service = project.service;
});

const run = (args: string[]) => project.run(args);

describe("version numbers in the service's answer", () => {
  it('pathway versions lists only the decimal ones, not "0x10", " 7 ", 1e300, 1.5 or "-1"', async () => {
    service.addFault({ type: "body", body: ODD_LIST }, "GET");
    const result = await run(["versions", "pw-odd", "--format", "json"]);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { versions: { version: number }[] }).versions.map((v) => v.version)).toEqual([1, 2]);
  });

  it("pathway log requests only those versions (never /version/1e+300 or /version/16)", async () => {
    service.addFault({ type: "body", body: ODD_LIST }, "GET");
    const result = await run(["log", "pw-odd", "--format", "json"]);
    expect(result.code).toBe(0);
    // The pathway itself is read too, for the version in production that log marks.
    expect(service.requests.map((r) => r.path).sort()).toEqual([
      "/v1/pathway/pw-odd",
      "/v1/pathway/pw-odd/version/1",
      "/v1/pathway/pw-odd/version/2",
      "/v1/pathway/pw-odd/versions",
    ]);
  });
});

describe("version numbers on the command line", () => {
  it.each(["0x10", "1e300", "-1", "1.5", " 7"])("refuses remote:pw-odd@%s as a usage error and never requests it", async (version) => {
    const result = await run(["diff", `remote:pw-odd@${version}`, "remote:pw-odd@1"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("expected remote:<pathway id>, remote:<id>@<version number> or remote:<id>@latest");
    // The other side (@1) may be read meanwhile; the refused one never is.
    expect(service.requests.map((r) => r.path).filter((p) => p !== "/v1/pathway/pw-odd/version/1")).toEqual([]);
  });
});

describe("toVersionNumber", () => {
  it("accepts exactly the non-negative safe integers, as numbers or as decimal digits", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.maxSafeNat(), fc.string(), fc.stringMatching(/^\d{1,20}$/)), (value) => {
        const n = toVersionNumber(value);
        if (typeof value === "number") expect(n).toBe(Number.isSafeInteger(value) && value >= 0 ? value : undefined);
        else if (n !== undefined) expect(/^\d+$/.test(value) && Number.isSafeInteger(n) && BigInt(value) === BigInt(n)).toBe(true);
        else expect(/^\d+$/.test(value) && BigInt(value) <= BigInt(Number.MAX_SAFE_INTEGER) && value.length <= 16).toBe(false);
      }),
    );
  });
});
