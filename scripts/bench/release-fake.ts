// The loopback fake service for the `release` bench, in its own process so its work is not counted as the tool's: prints {url, apiKey}, runs until stdin closes.
import { startFakeService } from "../../test/support/fake-service.js";
import { generatePathway } from "../generate-pathway.js";
import { benchScript } from "./release.js";

const pathway = generatePathway({ nodes: 1_000, edges: 3_000, seed: 7 });
const service = await startFakeService({ pathways: { bench: pathway }, versions: { bench: [] }, script: benchScript(pathway) });
process.stdout.write(`${JSON.stringify({ url: service.url, apiKey: service.apiKey })}\n`);
process.stdin.resume();
process.stdin.on("end", () => void service.close().then(() => process.exit(0)));
