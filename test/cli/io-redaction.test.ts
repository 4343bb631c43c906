// withRedaction: the CLI's one output boundary hides the key in every write to stdout and stderr, strings or bytes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { withRedaction, type CliIo } from "../../src/cli/io.js";
import { createNodeHost } from "../../src/host/node-host.js";
import { createTempProject } from "../support/temp-project.js";

const host = createNodeHost({ cwd: "." });

function sink(): { stream: Writable & { isTTY?: boolean }; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return { stream: Object.assign(stream, { isTTY: true }), text: () => Buffer.concat(chunks).toString("utf8") };
}

const KEY = "org_5e1f0c2a9b8d7e6f";

describe("withRedaction", () => {
  it("hides the key in strings, Buffers and encoded writes, and keeps the stream's own properties and callbacks", async () => {
    const out = sink();
    const err = sink();
    const io = withRedaction({
      stdin: process.stdin,
      stdout: out.stream,
      stderr: err.stream,
      env: { PATHWAYKIT_API_KEY: ` ${KEY} ` },
      cwd: ".",
      version: "0",
      host,
      setExitCode() {},
    } satisfies CliIo);
    io.stdout.write(`a ${KEY} b\n`);
    io.stdout.write(Buffer.from(`bytes:${KEY}\n`));
    await new Promise<void>((resolve) => io.stderr.write(`cb ${KEY.slice(0, 12)}…\n`, "utf8", () => resolve()));
    expect(io.stdout.isTTY).toBe(true);
    expect(io.host).not.toBe(host);
    expect(out.text()).toBe("a [redacted] b\nbytes:[redacted]\n");
    // The first redacted stdout write also says, once, on stderr that the output was changed.
    expect(err.text()).toBe(
      "pathway: warning: the output held an API key, replaced by [redacted]; a key that is part of your pathway is kept when fmt, build or import write the file (-o or in place).\ncb [redacted]…\n",
    );
  });

  it("also hides the model endpoint's key (PATHWAYKIT_LLM_API_KEY)", () => {
    const out = sink();
    const io = withRedaction({
      stdin: process.stdin,
      stdout: out.stream,
      stderr: out.stream,
      env: { PATHWAYKIT_API_KEY: KEY, PATHWAYKIT_LLM_API_KEY: "llm-key-abcdef123456" },
      cwd: ".",
      version: "0",
      host,
      setExitCode() {},
    });
    io.stderr.write(`401 for llm-key-abcdef123456 and ${KEY}\n`);
    expect(out.text()).toBe("401 for [redacted] and [redacted]\n");
  });

  it("hides the key in files written through the host, and warns on stderr", async () => {
    const dir = createTempProject({}, "pathwaykit-io-redact-");
    const err = sink();
    const io = withRedaction({
      stdin: process.stdin,
      stdout: err.stream,
      stderr: err.stream,
      env: { PATHWAYKIT_API_KEY: KEY },
      cwd: dir,
      version: "0",
      host: createNodeHost({ cwd: dir }),
      setExitCode() {},
    });
    await io.host.writeFile("out.json", Buffer.from(`{"name": "${KEY}"}`));
    await io.host.writeFile("clean.json", "{}");
    expect(readFileSync(path.join(dir, "out.json"), "utf8")).toBe('{"name": "[redacted]"}');
    expect(readFileSync(path.join(dir, "clean.json"), "utf8")).toBe("{}");
    expect(err.text()).toBe("pathway: warning: what was written to out.json held an API key; it was replaced by [redacted]. Rotate the key.\n");
  });

  it("writes the user's own document (verbatim) unchanged, key included, and says so", async () => {
    const dir = createTempProject({}, "pathwaykit-io-redact-");
    const err = sink();
    const io = withRedaction({
      stdin: process.stdin,
      stdout: err.stream,
      stderr: err.stream,
      env: { PATHWAYKIT_API_KEY: KEY },
      cwd: dir,
      version: "0",
      host: createNodeHost({ cwd: dir }),
      setExitCode() {},
    });
    await io.host.writeFile("pathway.json", `{"headers": [["authorization", "${KEY}"]]}`, { verbatim: true });
    await io.host.writeFile("clean.json", "{}", { verbatim: true });
    expect(readFileSync(path.join(dir, "pathway.json"), "utf8")).toBe(`{"headers": [["authorization", "${KEY}"]]}`);
    expect(err.text()).toBe(
      "pathway: warning: pathway.json holds an API key, written as it is because it is part of your pathway (a webhook header?); keep the file private, or have the webhook read the key from a variable.\n",
    );
  });

  it("passes output through untouched when no key is set", () => {
    const out = sink();
    const io = withRedaction({ stdin: process.stdin, stdout: out.stream, stderr: out.stream, env: {}, cwd: ".", version: "0", host, setExitCode() {} });
    io.stdout.write(`${KEY}\n`);
    expect(out.text()).toBe(`${KEY}\n`);
    expect(io.host).toBe(host);
  });
});
