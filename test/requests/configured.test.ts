// checkInboundConfiguration and checkCampaignConfiguration: a configuration read back is checked as the body that set it, only for what it supplies, placed in its pretty-printed JSON.
import { describe, expect, it } from "vitest";
import type { Pathway } from "../../src/model/index.js";
import { checkCampaignConfiguration, checkInboundConfiguration, CONFIGURATION_RULES } from "../../src/requests/index.js";
import { campaign, inboundDetail, renewalPathway } from "../support/fake-usage.js";

const pathway = { where: "renewal.json", value: renewalPathway() as unknown as Pathway };
const NUMBER = "+14155550123";

describe("checkInboundConfiguration", () => {
  it("reports a variable the pathway reads from request data, which an inbound call never carries, at pathway_id", () => {
    const result = checkInboundConfiguration(inboundDetail(NUMBER, "p"), { pathway });
    expect(result.diagnostics.map((d) => [d.ruleId, d.severity, d.pointer])).toEqual([["missing-request-variable", "error", "/pathway_id"]]);
    const { line, column } = result.diagnostics[0]!.range!.start;
    expect(result.text.split("\n")[line - 1]!.slice(column - 1)).toBe('"p",');
  });

  it("says nothing of the record's own shape: created_at, an integer voice, a number written as a string", () => {
    const plain = {
      where: "plain.json",
      value: { nodes: [{ id: "a", type: "Default", data: { name: "A", isStart: true, text: "Hello." } }], edges: [] } as unknown as Pathway,
    };
    expect(
      checkInboundConfiguration(inboundDetail(NUMBER, "p", { voice: 7, max_duration: "12", interruption_threshold: "abc" }), { pathway: plain }).diagnostics,
    ).toEqual([]);
  });

  it("reports what the configuration sets that a number cannot use: a prompt the pathway overrides, a bad webhook, voice and background track", () => {
    const result = checkInboundConfiguration(
      inboundDetail(NUMBER, "p", { prompt: "Old prompt", webhook: "ftp://x", voice: "MASON", background_track: "park" }),
      { pathway, rules: { "missing-request-variable": "off" } },
    );
    expect(result.diagnostics.map((d) => `${d.ruleId} ${d.pointer}`)).toEqual([
      "ignored-with-pathway /prompt",
      "webhook-url /webhook",
      "voice /voice",
      "background-track /background_track",
    ]);
  });

  it("runs only the configuration rules, whatever severities a config sets for the others", () => {
    expect(CONFIGURATION_RULES).toContain("missing-request-variable");
    const result = checkInboundConfiguration(
      { ...inboundDetail(NUMBER, "p"), temperature: 9 },
      { pathway, rules: { "temperature-range": "error", "missing-request-variable": "warning" } },
    );
    expect(result.diagnostics.map((d) => [d.ruleId, d.severity])).toEqual([["missing-request-variable", "warning"]]);
  });
});

describe("checkCampaignConfiguration", () => {
  it("checks request_data as the calls' body: a variable it lacks is a warning naming what is not documented, placed under /request_data", () => {
    const result = checkCampaignConfiguration(campaign("c-1", ["p"]), "p", "/sequences/0/pathway/0/value", { pathway });
    expect(result.diagnostics.map((d) => [d.ruleId, d.severity, d.pointer])).toEqual([["missing-request-variable", "warning", "/request_data/request_data"]]);
    expect(result.diagnostics[0]!.message).toMatch(/Whether a campaign's contacts supply variables of their own is not documented\.$/);
    expect(result.text.split("\n")[result.diagnostics[0]!.range!.start.line - 1]).toMatch(/^ {4}"request_data": \{\}/);
  });

  it("is content with a campaign that supplies what the pathway reads; its model and numbers written as strings are not findings", () => {
    const supplied = campaign("c-1", ["p"], {
      request_data: { model: "enhanced", temperature: "0.7", max_duration: "12", request_data: { customer_name: "Ann" } },
    });
    expect(checkCampaignConfiguration(supplied, "p", "/sequences/0/pathway/0/value", { pathway }).diagnostics).toEqual([]);
  });

  it("places a finding about the pathway as a whole at the sequence entry that calls it", () => {
    const noData = { ...campaign("c-1", [undefined, "p"]), request_data: "none" };
    const result = checkCampaignConfiguration(noData, "p", "/sequences/1/pathway/0/value", { pathway });
    expect(result.diagnostics.map((d) => d.pointer)).toEqual(["/sequences/1/pathway/0/value"]);
  });
});
