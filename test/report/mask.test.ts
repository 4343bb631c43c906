// The one masking function: header pairs in both forms and at any path, JSON held in strings, URL credentials, query secrets, diffs.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getPathwayDiff } from "../../src/diff/index.js";
import { isMaskedPath, MASK, maskDiff, maskSecrets, maskText } from "../../src/report/index.js";
import { fuzzRuns } from "../support/fuzz.js";

const S = "s3cr3t-VALUE-42";

describe("maskSecrets", () => {
  const cases: { name: string; value: unknown; path?: string[]; expected: unknown }[] = [
    {
      name: "header pairs keep names",
      value: {
        headers: [
          ["Authorization", S],
          ["X-Trace", "1"],
        ],
      },
      expected: {
        headers: [
          ["Authorization", MASK],
          ["X-Trace", MASK],
        ],
      },
    },
    { name: "header object keeps names", value: { headers: { "X-Api-Key": S } }, expected: { headers: { "X-Api-Key": MASK } } },
    { name: "{key, value} entries", value: { headers: [{ key: "Auth", value: S }] }, expected: { headers: [{ key: "Auth", value: MASK }] } },
    { name: "headers as the last path element (pairs)", value: [["Authorization", S]], path: ["data", "headers"], expected: [["Authorization", MASK]] },
    { name: "headers as the last path element (object)", value: { Cookie: S }, path: ["data", "headers"], expected: { Cookie: MASK } },
    { name: "one header pair", value: ["Authorization", S], path: ["data", "headers", "0"], expected: ["Authorization", MASK] },
    { name: "one header value", value: S, path: ["data", "headers", "0", "1"], expected: MASK },
    { name: "one header name", value: "Authorization", path: ["data", "headers", "0", "0"], expected: "Authorization" },
    { name: "a header given as one string", value: [`Authorization: Bearer ${S}`], path: ["headers"], expected: [MASK] },
    { name: "under a secret key, whole", value: { auth: { user: "u", pass: S } }, expected: { auth: MASK } },
    { name: "a secret key's value at its path", value: S, path: ["data", "apiKey"], expected: MASK },
    {
      name: "empty values and booleans stay",
      value: { token: "", password: null, secret: true, headers: [] },
      expected: { token: "", password: null, secret: true, headers: [] },
    },
    {
      name: "JSON held in a string, spacing kept",
      value: { body: `{"patient_id": "{{patient_id}}", "api_key": "${S}", "password": "${S}"}` },
      expected: { body: `{"patient_id": "{{patient_id}}", "api_key": "${MASK}", "password": "${MASK}"}` },
    },
    {
      name: "JSON in a string with a {{var}} outside quotes",
      value: { body: `{\n  "token": "${S}",\n  "n": {{n}}\n}` },
      expected: { body: `{\n  "token": "${MASK}",\n  "n": {{n}}\n}` },
    },
    {
      name: "not-quite-JSON text still has its URL secrets hidden",
      value: { body: `{"url": "https://u:${S}@h/?key=${S}", "n": {{n}}}` },
      expected: { body: `{"url": "https://u:${MASK}@h/?key=${MASK}", "n": {{n}}}` },
    },
    {
      name: "JSON in a string with nested secrets",
      value: { body: JSON.stringify({ auth: { key: S }, headers: { "X-Key": S } }) },
      expected: { body: JSON.stringify({ auth: MASK, headers: { "X-Key": MASK } }) },
    },
    { name: "URL credentials", value: { url: `https://bob:${S}@api.example.com/x` }, expected: { url: `https://bob:${MASK}@api.example.com/x` } },
    { name: "a token as the URL's user", value: { url: `https://${S}@github.com/o/r.git` }, expected: { url: `https://${MASK}@github.com/o/r.git` } },
    {
      name: "query secrets",
      value: { url: `https://h/x?api_key=${S}&q=1&token=${S}&key=${S}&secret=${S}&password=${S}&sig=${S}&x_key=${S}` },
      expected: { url: `https://h/x?api_key=${MASK}&q=1&token=${MASK}&key=${MASK}&secret=${MASK}&password=${MASK}&sig=${MASK}&x_key=${MASK}` },
    },
    { name: "form bodies", value: { body: `client_secret=${S}&grant=x` }, expected: { body: `client_secret=${MASK}&grant=x` } },
    { name: "Bearer tokens in text", value: { prompt: `send Authorization: Bearer ${S}` }, expected: { prompt: `send Authorization: Bearer ${MASK}` } },
    {
      name: "ordinary text and URLs stay",
      value: { prompt: "Say hi, x=5", url: "https://api.example.com/v1?q=1&page=2" },
      expected: { prompt: "Say hi, x=5", url: "https://api.example.com/v1?q=1&page=2" },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      expect(maskSecrets(c.value, c.path)).toEqual(c.expected);
    });
  }

  it("calls a header list, entry and value masked whatever its path", () => {
    expect(
      [
        ["data", "headers"],
        ["data", "headers", "0"],
        ["data", "headers", "0", "1"],
        ["data", "token"],
      ].map((p) => isMaskedPath(p)),
    ).toEqual([true, true, true, true]);
    expect(
      [
        ["data", "headers", "0", "0"],
        ["data", "prompt"],
      ].map((p) => isMaskedPath(p)),
    ).toEqual([false, false]);
  });

  it("is idempotent, and a hostile depth is hidden rather than a crash", () => {
    const once = maskSecrets(cases.map((c) => c.value));
    expect(maskSecrets(once)).toEqual(once);
    const deep = `${"[".repeat(100_000)}"${S}"${"]".repeat(100_000)}`;
    expect(JSON.stringify(maskSecrets({ body: deep, password: deep }))).not.toContain(S);
  });

  it("never lets a header value or a secret-keyed value through, in any form, at any depth", () => {
    const secret = fc.string({ minLength: 6, maxLength: 20 }).map((s) => `Z${s.replace(/[^A-Za-z0-9]/g, "q")}9`);
    const wrap = fc.constantFrom(
      (s: string) => ({ headers: [["X-A", s]] }),
      (s: string) => ({ headers: { "X-A": s } }),
      (s: string) => ({ data: { api_key: s } }),
      (s: string) => ({ body: JSON.stringify({ password: s, keep: 1 }) }),
      (s: string) => ({ url: `https://u:${s}@h/p?token=${s}` }),
    );
    fc.assert(
      fc.property(secret, wrap, fc.array(fc.constantFrom("a", "items", "0", "data"), { maxLength: 4 }), (s, w, prefix) => {
        let value: unknown = w(s);
        for (const key of [...prefix].reverse()) value = /^\d$/.test(key) ? [value] : { [key]: value };
        expect(JSON.stringify(maskSecrets(value))).not.toContain(s);
      }),
      { numRuns: fuzzRuns(200) },
    );
  });
});

describe("maskText", () => {
  it("hides what is written into text and leaves the rest", () => {
    expect(maskText(`GET https://a:${S}@h/?access_token=${S} ok`)).toBe(`GET https://a:${MASK}@h/?access_token=${MASK} ok`);
    expect(maskText("nothing here")).toBe("nothing here");
  });
});

describe("maskDiff", () => {
  const node = (data: Record<string, unknown>) => ({ nodes: [{ id: "w", type: "Webhook", data: { name: "Hook", ...data } }], edges: [] });

  it("masks old and new values of a changed header pair, an added header and a body key, and redoes the text diff", () => {
    const a = node({
      headers: [["Authorization", `Bearer old-${S}`]],
      body: JSON.stringify({ id: "{{id}}", api_key: `old-${S}` }, null, 2),
      url: `https://h/x?token=old-${S}`,
    });
    const b = node({
      headers: [
        ["Authorization", `Bearer new-${S}`],
        ["X-Key", `add-${S}`],
      ],
      body: JSON.stringify({ id: "{{id}}", api_key: `new-${S}`, more: 1 }, null, 2),
      url: `https://h/y?token=new-${S}`,
    });
    const diff = maskDiff(getPathwayDiff(a, b));
    const text = JSON.stringify(diff);
    expect(text).not.toContain(S);
    expect(diff.equal).toBe(false);
    const paths = diff.changes.map((c) => c.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["data.headers", "data.body", "data.url"]));
    expect(text).toContain("Authorization");
    expect(text).toContain("X-Key");
  });

  it("keeps a change only in a hidden value a change, with the same masked text on both sides", () => {
    const diff = maskDiff(getPathwayDiff(node({ headers: [["Authorization", `a-${S}`]] }), node({ headers: [["Authorization", `b-${S}`]] })));
    expect(diff.equal).toBe(false);
    expect(diff.changes).toHaveLength(1);
    expect(diff.changes[0]).toMatchObject({ path: ["data", "headers", "0", "1"], before: MASK, after: MASK });
    expect(diff.changes[0]!.words).toBeUndefined();
  });
});
