// Persona runs on the simulator with models as plain functions: the caller's turns, the agent model's words and variables, the judges' verdicts, and hostile answers.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ChatApi, ChatModel, ModelRequest, Pathway } from "../../src/model/index.js";
import {
  loadScenario,
  readCallerReply,
  readExtracted,
  readJsonObject,
  readVerdict,
  runPersonaLive,
  runPersonaScenario,
  runScenario,
  type Scenario,
} from "../../src/simulate/index.js";
import { ROOT } from "../support/cli.js";

const pathway = JSON.parse(readFileSync(path.join(ROOT, "pathways/appointment-booking.json"), "utf8")) as Pathway;

/** A model answering with `answer(request)`; every request it got is kept. */
function model(name: string, answer: (request: ModelRequest) => string | Error): ChatModel & { seen: ModelRequest[] } {
  const seen: ModelRequest[] = [];
  return {
    name,
    seen,
    async complete(request) {
      seen.push(request);
      const text = answer(request);
      if (text instanceof Error) throw text;
      return { text, usage: { input: 10, output: 2, requests: 1 } };
    },
  };
}

/** A caller saying `lines` in turn, then [END]. */
const caller = (lines: string[]) => model("openai:caller", (r) => lines[r.messages.filter((m) => m.role === "assistant").length] ?? "[END]");

/** An agent that routes by a word it shares with the latest caller line, extracts `vars`, and says its step's name. */
function agent(vars: Record<string, unknown> = {}) {
  return model("anthropic:agent", (r) => {
    if (r.system?.startsWith("You read variables")) return JSON.stringify(vars);
    if (r.system?.startsWith("You are a business's voice agent")) return `At ${/step "([^"]*)"/.exec(r.system)?.[1]}.`;
    const prompt = r.messages[0]!.content;
    if (prompt.includes("wants to book") && /book/i.test(/Caller's latest message: (.*)/.exec(prompt)?.[1] ?? "")) return '{"choice": 1, "reason": "booking"}';
    return '{"choice": 0, "reason": "no"}';
  });
}

function scenario(yaml: string): Scenario {
  const loaded = loadScenario(`pathway: appointment-booking.json\n${yaml}`);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
  return loaded.scenario;
}

const BOOKING = `name: books
persona: { name: Dana, prompt: "You want a cleaning on Tuesday at 10:30; you are Dana Reyes, a new patient." }
max_turns: 5
judges:
  - The agent asks for the caller's name
  - { criterion: The agent is warm, threshold: 0.7 }
expect: { vars: { patient_name: Dana Reyes }, path_contains: [Greeting, Collect appointment details] }
`;

describe("persona scenario files", () => {
  it("take persona:, judges: and max_turns:, and refuse turns: beside persona: or judges: without it, at their line", () => {
    expect(scenario(BOOKING).judges).toHaveLength(2);
    const both = loadScenario("pathway: p.json\npersona: someone\nturns:\n  - user: hi\n");
    expect(both.ok || both.issues[0]).toMatchObject({ pointer: "/turns", line: 4, message: expect.stringMatching(/turns: or a persona:, not both/) });
    const alone = loadScenario("pathway: p.json\nturns: []\njudges: [polite]\n");
    expect(alone.ok || alone.issues[0]).toMatchObject({ pointer: "/judges", message: expect.stringMatching(/add a persona:/) });
  });

  it("are not run as scripted scenarios: that says a caller model is needed", () => {
    const result = runScenario(pathway, scenario(BOOKING));
    expect(result.status).toBe("failed");
    expect(result.failures[0]).toMatchObject({ pointer: "/persona", message: expect.stringMatching(/played by models/) });
  });
});

describe("runPersonaScenario", () => {
  const verdict = (pass: boolean, score: number, reason: string) => JSON.stringify({ pass, score, reason });

  it("plays the caller against the agent model, checks the expectations, and passes when every judge does", async () => {
    const judge = model("openai:judge", () => `\`\`\`json\n${verdict(true, 0.9, "It asked for the name.")}\n\`\`\``);
    const c = caller(["I'd like to book a cleaning.", "Dana Reyes, Tuesday at 10:30, first time."]);
    const result = await runPersonaScenario(pathway, scenario(BOOKING), {
      caller: c,
      agent: agent({ patient_name: "Dana Reyes", is_new_patient: "yes" }),
      judge,
    });
    expect(result.failures).toEqual([]);
    expect(result.status).toBe("passed");
    expect(result.transcript!.map((l) => `${l.role}: ${l.text}`)).toEqual([
      "agent: Thanks for calling Brightside Dental, this is Ava. Would you like to book an appointment?",
      "caller: I'd like to book a cleaning.",
      "agent: At Collect appointment details.",
      "caller: Dana Reyes, Tuesday at 10:30, first time.",
      "agent: At Collect appointment details.",
    ]);
    expect(result.final).toMatchObject({ reason: "the caller hung up ([END])", variables: { patient_name: "Dana Reyes", is_new_patient: true } });
    expect(result.judges!.map((j) => [j.criterion, j.pass, j.score])).toEqual([
      ["The agent asks for the caller's name", true, 0.9],
      ["The agent is warm", true, 0.9],
    ]);
    // Each criterion in its own request, with the transcript, the path and the variables.
    expect(judge.seen).toHaveLength(2);
    expect(judge.seen[1]!.messages[0]!.content).toMatch(
      /^Criterion: The agent is warm\n[\s\S]*Caller: Dana Reyes[\s\S]*Nodes the agent went through: Greeting → Collect appointment details\nVariables collected: .*"patient_name":"Dana Reyes"/,
    );
    expect(judge.seen[0]!.json?.name).toBe("verdict");
    expect(result.tokens).toMatchObject({ caller: { requests: 3 }, judge: { requests: 2 } });
    expect(result.tokens!.agent.requests).toBeGreaterThanOrEqual(4);
  });

  it("fails on a judge that fails, or scores below its threshold, saying why at the judge's line", async () => {
    const judge = model("openai:judge", (r) =>
      r.messages[0]!.content.includes("warm") ? verdict(true, 0.4, "Curt replies.") : verdict(false, 0.1, "It never asked for a name."),
    );
    const result = await runPersonaScenario(pathway, scenario(BOOKING), {
      caller: caller(["Book me in please.", "Dana Reyes."]),
      agent: agent({ patient_name: "Dana Reyes" }),
      judge,
    });
    expect(result.transcript!.at(-1)).toEqual({ role: "agent", turn: 2, text: "At Collect appointment details." });
    expect(result.status).toBe("failed");
    expect(result.failures.map((f) => [f.pointer, f.message])).toEqual([
      ["/judges/0", 'judge "The agent asks for the caller\'s name" failed: It never asked for a name.'],
      ["/judges/1", 'judge "The agent is warm" scored 0.4, below its threshold 0.7: Curt replies.'],
    ]);
  });

  it("stops at max_turns (and a --max-turns cap), and a caller that never hangs up fails expect.ended", async () => {
    const chatty = model("openai:caller", () => "Hmm, let me think about it.");
    const s = scenario("persona: An undecided caller.\nmax_turns: 4\nexpect: { ended: true }\n");
    const result = await runPersonaScenario(pathway, s, { caller: chatty, agent: agent() });
    expect(chatty.seen).toHaveLength(4);
    expect(result.final.reason).toBe("max_turns (4) reached");
    expect(result.failures[0]).toMatchObject({ pointer: "/expect/ended" });
    await runPersonaScenario(pathway, s, { caller: chatty, agent: agent(), maxTurns: 2 });
    expect(chatty.seen).toHaveLength(6);
  });

  it("fails the run with the reason when a model fails or answers nonsense, and asks no judge then", async () => {
    const judge = model("openai:judge", () => verdict(true, 1, "fine"));
    const s = scenario(BOOKING);
    const down = await runPersonaScenario(pathway, s, {
      caller: model("openai:caller", () => new Error("openai:caller: http://x answered HTTP 500")),
      agent: agent(),
      judge,
    });
    expect(down.failures[0]!.message).toBe("the caller model failed at turn 1: openai:caller: http://x answered HTTP 500");
    const mute = await runPersonaScenario(pathway, s, { caller: model("openai:caller", () => "   "), agent: agent(), judge });
    expect(mute.failures[0]!.message).toMatch(/said nothing at turn 1/);
    const badVars = await runPersonaScenario(pathway, s, {
      caller: caller(["Book an appointment.", "Dana Reyes."]),
      agent: model("anthropic:agent", (r) => (r.system?.startsWith("You read") ? "no idea" : r.system ? "Hello." : '{"choice": 1}')),
      judge,
    });
    expect(badVars.failures.map((f) => f.message)).toHaveLength(1);
    expect(badVars.failures[0]!.message).toMatch(
      /^the agent failed at turn 2: anthropic:agent: its answer with the variables of "Collect appointment details" holds no JSON object/,
    );
    expect(judge.seen).toHaveLength(0);
  });

  it("reads a judge's answer that is not a verdict as no verdict, failing the scenario", async () => {
    const judge = model("openai:judge", () => "I think it went well!");
    const result = await runPersonaScenario(pathway, scenario(BOOKING.replace(/^expect:.*$/m, "")), {
      caller: caller(["Book please."]),
      agent: agent(),
      judge,
    });
    expect(result.judges![0]).toMatchObject({ pass: false, error: true });
    expect(result.failures[0]!.message).toBe(
      'judge "The agent asks for the caller\'s name" gave no verdict: the judge\'s answer holds no JSON object: "I think it went well!"',
    );
  });
});

describe("runPersonaLive", () => {
  it("plays the caller against the service's chat until it completes", async () => {
    const sent: string[] = [];
    const chat: ChatApi = {
      createChat: async () => ({ chatId: "c1", message: "Hello, Brightside Dental.", variables: {} }),
      sendChatMessage: async (_id, message) => {
        sent.push(message);
        const done = sent.length === 2;
        return {
          chatId: "c1",
          assistantResponses: [done ? "Goodbye!" : "Sure, your name?"],
          currentNodeId: done ? "goodbye" : "collect-details",
          variables: done ? { patient_name: "Dana Reyes" } : {},
          completed: done,
        };
      },
    };
    const judge = model("openai:judge", () => '{"pass": true, "score": 1, "reason": "ok"}');
    const s = scenario("persona: Dana books.\nexpect: { ended: true, vars: { patient_name: Dana Reyes } }\njudges: [It ends politely]\n");
    const result = await runPersonaLive(pathway, s, chat, { pathwayId: "pw", caller: caller(["Book me in.", "Dana Reyes.", "Thanks!"]), judge });
    expect(sent).toEqual(["Book me in.", "Dana Reyes."]);
    expect(result.status).toBe("passed");
    expect(result.transcript!.map((l) => l.text)).toEqual(["Hello, Brightside Dental.", "Book me in.", "Sure, your name?", "Dana Reyes.", "Goodbye!"]);
    expect(judge.seen[0]!.messages[0]!.content).toContain("How the call ended: the agent ended the call");
  });
});

describe("reading models' answers", () => {
  it("reads the caller's words and [END], without labels, quotes or pages", () => {
    expect(readCallerReply('Caller: "Thanks, that is all." [END]')).toEqual({ text: "Thanks, that is all.", end: true });
    expect(readCallerReply("[end]")).toEqual({ text: "", end: true });
    expect(readCallerReply("x".repeat(5000)).text).toHaveLength(1000);
  });

  it("reads a verdict from bare, fenced or loose JSON, and refuses one without pass or with a score outside 0..1", () => {
    const spec = { criterion: "c" };
    expect(readVerdict('Sure! {"pass": "true", "score": "0.75", "reason": "ok"} Hope that helps.', spec)).toEqual({
      criterion: "c",
      pass: true,
      score: 0.75,
      reason: "ok",
    });
    expect(readVerdict('{"pass": false, "reason": "no"}', spec)).toMatchObject({ pass: false, score: 0 });
    expect(readVerdict('{"score": 1}', spec)).toMatchObject({ error: true, reason: expect.stringMatching(/no "pass"/) });
    expect(readVerdict('{"pass": true, "score": 7}', spec)).toMatchObject({ error: true, reason: expect.stringMatching(/0 to 1/) });
    expect(readJsonObject('text {"a": "}"} more {"b": 1}')).toEqual({ a: "}" });
  });

  it("keeps only the node's variables, each as its type reads it", () => {
    const specs = [
      { name: "n", type: "integer" as const, description: "" },
      { name: "b", type: "boolean" as const, description: "" },
      { name: "s", type: "string" as const, description: "" },
    ];
    expect(readExtracted('{"n": "42", "b": "no", "s": null, "other": 1}', specs)).toEqual({ n: 42, b: false });
    expect(readExtracted('{"n": 4.5, "s": "  Dana  "}', specs)).toEqual({ s: "Dana" });
  });
});
