// forEachCallRecord: NDJSON read a line at a time (no file limit, a line limit), whole documents within the file limit, and memory that does not grow with the records.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { forEachCallRecord } from "../../../src/engine/calls/read.js";
import { createNodeHost } from "../../../src/host/node-host.js";
import { ROOT, tempDir } from "../../support/cli.js";
import { createMemoryHost } from "../../support/memory-host.js";

const record = (id: string, pad = 0) =>
  JSON.stringify({ call_id: id, queue_status: "complete", pathway_logs: [{ chosen_node_id: "a", role: "assistant", text: "x".repeat(pad) }] });

async function readAll(dir: string, args: string[], maxFileBytes?: number) {
  const ids: string[] = [];
  const where: string[] = [];
  const summary = await forEachCallRecord(createNodeHost({ cwd: dir, ...(maxFileBytes === undefined ? {} : { maxFileBytes }) }), args, (r, w) => {
    ids.push(r.callId);
    where.push(w);
  });
  return { ids, where, summary };
}

describe("forEachCallRecord reading NDJSON", () => {
  it("reads an NDJSON file larger than the file limit line by line, holding each line to that limit", async () => {
    const dir = tempDir();
    const lines = [record("a"), record("big", 3000), "", record("b"), "{broken", record("c")];
    writeFileSync(path.join(dir, "calls.ndjson"), `\ufeff${lines.join("\r\n")}\n`);
    const { ids, where, summary } = await readAll(dir, ["calls.ndjson"], 1024);
    expect(ids).toEqual(["a", "b", "c"]);
    expect(where).toEqual(["calls.ndjson:1", "calls.ndjson:4", "calls.ndjson:6"]);
    expect(summary.files).toBe(1);
    expect(summary.problems.map((p) => [p.line, p.message.replace(/JSON: .*/, "JSON")])).toEqual([
      // The line's bytes are the record and the \r of its \r\n.
      [
        2,
        `line 2 is ${record("big", 3000).length + 1} bytes, over the limit of 1024 bytes a line (one record) may have: not read; raise it with --max-file-size or PATHWAYKIT_MAX_FILE_SIZE if a record really is that large`,
      ],
      [5, "line 5 is not JSON"],
    ]);
  });

  it("says an empty or blank file holds no call record, whether NDJSON or a document, instead of counting it as none", async () => {
    const dir = tempDir();
    const files = { "empty.ndjson": "", "blank.jsonl": "\n\n  \r\n", "empty.json": "", "blank.json": " \n\t" };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const { ids, summary } = await readAll(dir, Object.keys(files));
    expect(ids).toEqual([]);
    expect(summary.files).toBe(4);
    expect(summary.problems.map((p) => `${p.path}: ${p.message}`)).toEqual(
      Object.keys(files).map((name) => `${name}: holds no call record: it is empty or blank`),
    );
  });

  it("reports a line that is not UTF-8 and reads the others", async () => {
    const dir = tempDir();
    writeFileSync(
      path.join(dir, "calls.jsonl"),
      Buffer.concat([Buffer.from(`${record("a")}\n`), Buffer.from([0x7b, 0xff, 0x7d, 0x0a]), Buffer.from(record("b"))]),
    );
    const { ids, summary } = await readAll(dir, ["calls.jsonl"]);
    expect(ids).toEqual(["a", "b"]);
    expect(summary.problems).toEqual([{ path: "calls.jsonl", line: 2, message: "line 2 is not UTF-8 text" }]);
  });

  it("reads a .json file of one record per line as NDJSON, over the file limit, and one document as before", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "lines.json"), `${[record("a", 200), record("b", 200), record("c", 200)].join("\n")}\n`);
    writeFileSync(path.join(dir, "one.json"), JSON.stringify(JSON.parse(record("d")), null, 2));
    writeFileSync(path.join(dir, "single-line.json"), `${record("e")}\n\n`);
    const { ids, where } = await readAll(dir, ["lines.json", "one.json", "single-line.json"], 500);
    expect(ids).toEqual(["a", "b", "c", "d", "e"]);
    expect(where).toEqual(["lines.json:1", "lines.json:2", "lines.json:3", "one.json", "single-line.json"]);
  });

  it("reads a record on the first line followed by more blank space than the file limit, without holding that space", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "padded.json"), `${record("a")}\n${"  \t\r\n".repeat(4_000)}`);
    const { ids, summary } = await readAll(dir, ["padded.json"], 1024);
    expect(ids).toEqual(["a"]);
    expect(summary.problems).toEqual([]);
  });

  it("reads a one-line list of 3 MB as one document, the line looked at once (it is no NDJSON: a list, not an object)", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "list.json"), `${JSON.stringify(Array.from({ length: 1_000 }, (_, i) => JSON.parse(record(`c${i}`, 3_000))))}\n`);
    const { ids, where } = await readAll(dir, ["list.json"]);
    expect([ids.length, where[0]]).toEqual([1_000, "list.json"]);
  });

  it("says of a document over the file limit that the limit can be raised, or the records put one per line, never that it is a pathway", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "list.json"), JSON.stringify([JSON.parse(record("a", 300)), JSON.parse(record("b", 300))], null, 2));
    const { summary } = await readAll(dir, ["list.json"], 500);
    expect(summary.files).toBe(0);
    expect(summary.problems).toEqual([
      {
        path: "list.json",
        message: expect.stringMatching(
          /^is \d+ bytes, over the limit of 500 bytes read whole; raise it with --max-file-size or PATHWAYKIT_MAX_FILE_SIZE if the file really is that large\. A calls file of many records can be NDJSON instead \(one record per line, \*\.ndjson\), which is read a line at a time whatever its size\.$/,
        ),
      },
    ]);
    expect(summary.problems[0]!.message).not.toContain("pathway");
  });

  it("reads whole on a host that gives files only whole", async () => {
    const host = createMemoryHost({ "calls.ndjson": [record("a"), record("b")].join("\n"), "one.json": record("c") });
    const ids: string[] = [];
    const summary = await forEachCallRecord(host, ["calls.ndjson", "one.json"], (r) => ids.push(r.callId));
    expect([ids, summary.files, summary.problemCount]).toEqual([["a", "b", "c"], 2, 0]);
  });

  it("reads a file met twice once, whichever arguments found it", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, "a.json"), record("a"));
    const { ids } = await readAll(dir, [".", "a.json", "*.json"]);
    expect(ids).toEqual(["a"]);
  });
});

/**
 * Runs forEachCallRecord over `args` in a child process (the built library) and returns the largest heap still in use
 * (after a full GC) at the records it samples: what the reading keeps, whatever V8 lets garbage grow to.
 */
function keptHeapMb(dir: string, args: string[]): { kept: number; records: number } {
  const script = `
    const { forEachCallRecord } = await import(${JSON.stringify(path.join(ROOT, "dist/engine/calls/read.js"))});
    const { createNodeHost } = await import(${JSON.stringify(path.join(ROOT, "dist/host/node-host.js"))});
    let n = 0, kept = 0;
    await forEachCallRecord(createNodeHost({ cwd: ${JSON.stringify(dir)} }), ${JSON.stringify(args)}, () => {
      if (++n % 2000 === 0) { globalThis.gc(); kept = Math.max(kept, process.memoryUsage().heapUsed); }
    });
    process.stdout.write(JSON.stringify({ kept: kept / 1048576, records: n }));`;
  const child = spawnSync(process.execPath, ["--expose-gc", "--input-type=module", "-e", script], { encoding: "utf8", timeout: 300_000 });
  expect(child.status, child.stderr).toBe(0);
  return JSON.parse(child.stdout) as { kept: number; records: number };
}

describe("forEachCallRecord's memory", () => {
  it("keeps no more heap for a 60 MB NDJSON file than for a 6 MB one: one line at a time, never the file", () => {
    const dir = tempDir();
    const line = `${record("x", 2900)}\n`;
    writeFileSync(path.join(dir, "small.ndjson"), line.repeat(2_000));
    writeFileSync(path.join(dir, "large.ndjson"), line.repeat(20_000));
    const small = keptHeapMb(dir, ["small.ndjson"]);
    const large = keptHeapMb(dir, ["large.ndjson"]);
    expect([small.records, large.records]).toEqual([2_000, 20_000]);
    // Read whole, the 60 MB file's text alone would be kept while its records are read.
    expect(large.kept).toBeLessThan(small.kept + 10);
  }, 120_000);

  it("keeps the names of a folder's files while reading them, not an object per file", () => {
    const dir = tempDir();
    const write = (folder: string, count: number) => {
      spawnSync("mkdir", [path.join(dir, folder)]);
      for (let i = 0; i < count; i++) writeFileSync(path.join(dir, folder, `call-${i}.json`), record(`${folder}-${i}`));
    };
    write("few", 2_000);
    write("many", 30_000);
    const few = keptHeapMb(dir, ["few"]);
    const many = keptHeapMb(dir, ["many"]);
    expect([few.records, many.records]).toEqual([2_000, 30_000]);
    // 28,000 more files: their names (about 60 bytes each, under 2 MB) and nothing else. An object and an entry per
    // file (as the input list and the walk's last folder listing kept) held about 13 MB more.
    expect(many.kept - few.kept).toBeLessThan(6);
  }, 180_000);
});
