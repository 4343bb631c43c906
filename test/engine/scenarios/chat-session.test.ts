// The steps of `pathway chat` in the engine: request data, choices, /take by number, and turns that change nothing.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getChatChoices, openChat, parseRequestData, takeChatTurn, toTakeRef } from "../../../src/engine/scenarios/chat-session.js";
import { createNodeHost } from "../../../src/host/node-host.js";
import { tempDir } from "../../support/cli.js";

const PATHWAY = {
  nodes: [
    { id: "hi", type: "Default", data: { name: "Greeting", isStart: true, text: "Hi!" } },
    { id: "bye", type: "End Call", data: { name: "Bye", text: "Bye." } },
    { id: "desk", type: "Transfer Call", data: { name: "Desk", transferNumber: "+15550100123", isGlobal: true, globalLabel: "a person" } },
  ],
  edges: [{ id: "done", source: "hi", target: "bye", label: "The caller is done" }],
};

async function open() {
  const dir = tempDir("pathwaykit-chat-");
  writeFileSync(path.join(dir, "p.json"), JSON.stringify(PATHWAY));
  return openChat(createNodeHost({ cwd: dir }), "p.json");
}

describe("chat session steps", () => {
  it("reads request data as a JSON object and refuses anything else as a usage error", () => {
    expect(parseRequestData('{"from": "+15551234567"}')).toEqual({ from: "+15551234567" });
    for (const bad of ["[1]", "null", "{", '"x"'])
      expect(() => parseRequestData(bad)).toThrow(
        expect.objectContaining({ kind: "usage", message: expect.stringMatching(/^--request-data: expected a JSON object/) }),
      );
  });

  it("numbers the choices from 1 and turns a number into the edge or node it names; other text is kept as typed", async () => {
    const session = await open();
    const choices = getChatChoices(session, session.initial);
    expect(choices.map((c) => (c.kind === "edge" ? c.id : c.targetId))).toEqual(["done", "desk"]);
    expect(toTakeRef(choices, "1")).toBe("done");
    expect(toTakeRef(choices, "2")).toBe("desk");
    expect(toTakeRef(choices, "3")).toBe("3");
    expect(toTakeRef(choices, "Bye")).toBe("Bye");
  });

  it("takes a turn, refuses a /take that names nothing, and refuses turns once the call has ended", async () => {
    const session = await open();
    const refused = await takeChatTurn(session, session.initial, "(take 99)", "99");
    expect(refused).toEqual({ refusal: expect.stringMatching(/"99" is not a choice here.*; nothing changed \(\/edges lists the choices\)\.$/) });
    const taken = await takeChatTurn(session, session.initial, "(take 1)", "done");
    if (!("next" in taken)) throw new Error(taken.refusal);
    expect(taken.next).toMatchObject({ nodeId: "bye", status: "ended" });
    expect(await takeChatTurn(session, taken.next, "hello?")).toEqual({ refusal: "The conversation has ended; /back to undo or /quit." });
  });
});
