// A project for the release commands: a tracked pathway file, a scenario for it, and the loopback fake service holding it.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { tempDir } from "./cli.js";
import { startFakeService, type FakeService, type FakeServiceOptions } from "./fake-service.js";
import { runMain, type MainResult } from "./run-main.js";

/** A small pathway: the caller asks to book and the agent ends the call saying `farewell`. */
export function bookingPathway(farewell = "You are booked. Bye!"): Record<string, unknown> {
  return {
    name: "Booking",
    nodes: [
      { id: "start", type: "Default", data: { name: "Greeting", isStart: true, text: "Hi, this is the clinic." } },
      { id: "booked", type: "End Call", data: { name: "Booked", text: farewell } },
    ],
    edges: [{ id: "e1", source: "start", target: "booked", label: "book appointment" }],
  };
}

/** A scenario that passes when the agent books and says `farewell`. */
export function bookingScenario(farewell = "You are booked. Bye!"): string {
  return [
    "name: books",
    "pathway: ../booking.json",
    "turns:",
    "  - user: I want to book an appointment",
    "    expect:",
    "      node: Booked",
    `      said: ${JSON.stringify(farewell)}`,
    "expect:",
    "  ended: true",
    "",
  ].join("\n");
}

/** The project and the service. */
export interface ReleaseProject {
  dir: string;
  service: FakeService;
  run(args: string[], env?: Record<string, string>): Promise<MainResult>;
  read(file: string): string;
  write(file: string, text: string): void;
  manifest(): {
    pathways: {
      file: string;
      id: string;
      draft?: { version: number; hash: string; name?: string };
      releases?: { version: number; environment: string; hash?: string }[];
    }[];
  };
}

/** Starts the fake with pathway `p` live as `bookingPathway()` and no versions, and a project tracking it as booking.json. */
export async function startReleaseProject(options: FakeServiceOptions = {}): Promise<ReleaseProject> {
  const service = await startFakeService({ pathways: { p: bookingPathway("Live farewell.") }, versions: { p: [] }, ...options });
  const dir = tempDir("pathwaykit-release-");
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  };
  const read = (file: string) => readFileSync(path.join(dir, file), "utf8");
  write("booking.json", `${JSON.stringify(bookingPathway(), null, 2)}\n`);
  write("scenarios/books.scenario.yaml", bookingScenario());
  write("pathwaykit.manifest.json", `${JSON.stringify({ version: 1, pathways: [{ file: "booking.json", id: "p" }] }, null, 2)}\n`);
  return {
    dir,
    service,
    run: (args, env = {}) => runMain(args, { cwd: dir, env: { PATHWAYKIT_BASE_URL: service.url, PATHWAYKIT_API_KEY: service.apiKey, ...env } }),
    read,
    write,
    manifest: () => JSON.parse(read("pathwaykit.manifest.json")),
  };
}
