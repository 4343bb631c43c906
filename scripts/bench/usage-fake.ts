// The loopback fake service for the `usage` bench, in its own process so its work is not counted as the tool's: 200 inbound numbers and 3 campaigns; prints {url, apiKey}, runs until stdin closes.
import { startFakeService } from "../../test/support/fake-service.js";
import { campaign, numbersFixture } from "../../test/support/fake-usage.js";

const { numbers } = numbersFixture(200, "bench");
const campaigns = { "c-1": campaign("c-1", ["bench"]), "c-2": campaign("c-2", ["pw-other"]), "c-3": campaign("c-3", ["pw-other", "bench"]) };
const service = await startFakeService({ numbers, campaigns });
process.stdout.write(`${JSON.stringify({ url: service.url, apiKey: service.apiKey })}\n`);
process.stdin.resume();
process.stdin.on("end", () => void service.close().then(() => process.exit(0)));
