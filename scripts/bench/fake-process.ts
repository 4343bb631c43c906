// Starts a bench's fake service in a process of its own (its CPU is not the tool's) and reads where it listens.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** Runs `script` with tsx; it prints `{url, apiKey}` as its first line and stops when its stdin ends. */
export async function startFakeProcess(script: URL): Promise<{ url: string; apiKey: string; stop: () => void }> {
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(script)], { stdio: ["pipe", "pipe", "inherit"] });
  const line = await new Promise<string>((resolve, reject) => {
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes("\n")) resolve(text.split("\n")[0]!);
    });
    child.on("exit", (code) => reject(new Error(`the fake service exited (${code})`)));
  });
  return { ...(JSON.parse(line) as { url: string; apiKey: string }), stop: () => child.stdin.end() };
}
