// `pathway scenarios generate --personas`: callers written by the caller model from the paths the generator finds, each expecting the values it gives, ready for `pathway test`.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadScenario } from "../../src/simulate/index.js";
import { ROOT } from "../support/cli.js";
import { getRequestRole, startFakeModels, type FakeModelRequest, type FakeModels } from "../support/fake-models.js";
import { runMain } from "../support/run-main.js";
import { createTempProject } from "../support/temp-project.js";

let models: FakeModels | undefined;
afterEach(async () => {
  await models?.close();
  models = undefined;
});

/** A writer that names each caller by its request's number and gives every variable asked a value of its type. */
function writer(request: FakeModelRequest, n: number): string {
  const asked = [...request.messages[0]!.content.matchAll(/^- (\w+) \((string|integer|boolean)\)/gm)];
  const values = Object.fromEntries(asked.map(([, name, type]) => [name, type === "integer" ? 2 : type === "boolean" ? true : `${name} ${n}`]));
  return JSON.stringify({ name: `Caller ${n}`, prompt: `You are caller ${n}. ${/temperament: (.*)/.exec(request.messages[0]!.content)?.[1]}`, values });
}

describe("pathway scenarios generate --personas", () => {
  it("writes persona scenarios of different temperaments whose goals follow the generated paths, expecting the values they give", async () => {
    let n = 0;
    models = await startFakeModels({ answer: (r) => (getRequestRole(r) === "persona-writer" ? writer(r, ++n) : "?") });
    const dir = createTempProject({ "appointment-booking.json": readFileSync(path.join(ROOT, "pathways/appointment-booking.json"), "utf8") });
    const r = await runMain(["scenarios", "generate", "appointment-booking.json", "--personas", "3", "--caller-model", "openai:writer", "-o", "personas"], {
      cwd: dir,
      env: { OPENAI_BASE_URL: models.openaiUrl, OPENAI_API_KEY: models.openaiKey },
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Wrote 3 persona scenarios to personas\n/);
    const files = readdirSync(path.join(dir, "personas"))
      .filter((f) => f.endsWith(".scenario.yaml"))
      .sort();
    expect(files).toEqual([
      "appointment-booking-persona-1.scenario.yaml",
      "appointment-booking-persona-2.scenario.yaml",
      "appointment-booking-persona-3.scenario.yaml",
    ]);
    const scenarios = files.map((f) => {
      const loaded = loadScenario(readFileSync(path.join(dir, "personas", f), "utf8"));
      if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
      return loaded.scenario;
    });
    // Temperaments in turn; the goals in turn over the generated paths.
    expect(scenarios.map((s) => s.name)).toEqual([
      "Appointment booking persona 1: Caller 1, calm and cooperative",
      "Appointment booking persona 2: Caller 2, in a hurry and impatient",
      "Appointment booking persona 3: Caller 3, unsure and easily confused",
    ]);
    const first = scenarios[0]!;
    expect(first.pathway).toBe("../appointment-booking.json");
    expect(first.persona).toMatchObject({
      name: "Caller 1",
      prompt: expect.stringMatching(
        /^You are caller 1\. calm and cooperative[\s\S]*The details you give when the agent asks:\n- The caller's full name: patient_name 1/,
      ),
    });
    expect(first.expect!.vars).toMatchObject({ patient_name: "patient_name 1", is_new_patient: true });
    expect(first.expect!.path_contains![0]).toBe("Greeting");
    expect(first.judges).toHaveLength(2);
    // The writer was told the path: each step's node, what the agent says there, and where the answer leads.
    const asked = models.requests[0]!.messages[0]!.content;
    expect(asked).toMatch(
      /1\. At "Greeting", the agent says: "Thanks for calling Brightside Dental[^"]*"\. The caller's answer leads to: "The caller wants to book an appointment"\./,
    );
  });

  it("writes the personas it can, lists the one whose answer is not a caller, and exits 1", async () => {
    let n = 0;
    models = await startFakeModels({ answer: (r) => (++n === 2 ? "\u001b[31mno caller here" : writer(r, n)) });
    const dir = createTempProject({ "appointment-booking.json": readFileSync(path.join(ROOT, "pathways/appointment-booking.json"), "utf8") });
    const r = await runMain(["scenarios", "generate", "appointment-booking.json", "--personas", "3", "--caller-model", "openai:writer", "-o", "personas"], {
      cwd: dir,
      env: { OPENAI_BASE_URL: models.openaiUrl, OPENAI_API_KEY: models.openaiKey },
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/Wrote 2 persona scenarios/);
    expect(r.stdout).toContain(`not written: persona 2: openai:writer's answer has no caller (JSON with "name" and "prompt"): "no caller here"`);
  });
});
