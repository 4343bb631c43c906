// A bad flag value is the same kind of error in every command: exit 2, commander's sentence plus an "Expected ..." that says what to give.
import { describe, expect, it } from "vitest";
import { runMain } from "../support/run-main.js";

/** One bad value per kind of parser (counts, ranges, seconds, sizes, rates, --context), across the commands that take them. */
const BAD: string[][] = [
  ["lint", "p.json", "--max-warnings", "x"],
  ["fetch", "abc", "--concurrency", "0"],
  ["push", "p.json", "--retries", "99"],
  ["versions", "abc", "--timeout", "0"],
  ["versions", "abc", "--max-response", "12qq"],
  ["validate", "p.json", "--max-file-size", "0"],
  ["diagram", "p.json", "--timeout", "0"],
  ["report", "p.json", "--timeout", "abc"],
  ["diagram", "p.json", "--max-label", "-1"],
  ["diff", "a.json", "b.json", "--context", "x"],
  ["test", "--repeat", "0"],
  ["test", "--min-pass-rate", "2"],
  ["log", "abc", "--limit", "1"],
];

describe("a bad flag value", () => {
  it.each(BAD.map((args) => [args.join(" "), args]))("pathway %s: exit 2, names the flag and says what is expected", async (_name, args) => {
    const result = await runMain(args as string[]);
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toMatch(/^error: option '[^']+' argument '[^']*' is invalid\. Expected [a-z]/);
    const json = await runMain([...(args as string[]), "--format", "json"]);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, error: { code: "usage" } });
  });
});
