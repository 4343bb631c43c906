// `pathway chat --live` against the loopback fake: lines go to the service's chat, a saved version on request, the key never shown.
import { afterEach, describe, expect, it } from "vitest";
import { runMain } from "../support/run-main.js";
import { startReleaseProject, type ReleaseProject } from "../support/release-project.js";

let project: ReleaseProject;
afterEach(() => project?.service.close());

const chat = (args: string[], stdin: string, env: Record<string, string> = {}) =>
  runMain(["chat", "booking.json", ...args], {
    cwd: project.dir,
    stdin,
    env: { PATHWAYKIT_BASE_URL: project.service.url, PATHWAYKIT_API_KEY: project.service.apiKey, ...env },
  });

describe("pathway chat --live", () => {
  it("sends each line to the chat with the draft version and shows its answers and node", async () => {
    project = await startReleaseProject();
    await project.run(["push", "booking.json", "--draft"]);
    const r = await chat(["--live", "--pathway-version", "draft"], "I want to book an appointment\n/vars\n/quit\n");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Chatting live with pathway p, version 1 \(draft\) sha256:/);
    expect(r.stdout).toContain("agent: Hi, this is the clinic.");
    expect(r.stdout).toContain("[Booked]");
    expect(r.stdout).toContain("agent: You are booked. Bye!");
    expect(r.stdout).toContain("conversation completed");
    expect(JSON.parse(project.service.requestsTo("POST", /chat\/create$/)[0]!.body)).toMatchObject({ pathway_id: "p", pathway_version: 1 });
    expect(r.stdout + r.stderr).not.toContain(project.service.apiKey);
  });

  it("talks to production without --pathway-version, and refuses what it cannot do", async () => {
    project = await startReleaseProject();
    const r = await chat(["--live"], "/edges\nI want to book an appointment\n");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("/edges is not available live");
    expect(r.stdout).toContain("agent: Live farewell.");
    expect(JSON.parse(project.service.requestsTo("POST", /chat\/create$/)[0]!.body)).not.toHaveProperty("pathway_version");
    const noKey = await chat(["--live"], "", { PATHWAYKIT_API_KEY: "" });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toMatch(/set PATHWAYKIT_API_KEY/);
    expect((await chat(["--pathway-version", "draft"], "")).code).toBe(2);
    const noDraft = await chat(["--live", "--pathway-version", "draft"], "");
    expect(noDraft.code).toBe(2);
    expect(noDraft.stderr).toMatch(/records no draft of booking\.json/);
  });
});
