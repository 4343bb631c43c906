// The report's inlined script and data embedding: valid ES2017 to a real parser, no HTML sinks, JSON that cannot end its element.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parse } from "acorn";
import { getReportCsp, REPORT_CLIENT_SCRIPT, REPORT_STYLES, toScriptJson, maskSecrets, MASK } from "../../src/report/index.js";

describe("report client script", () => {
  it("parses as an ES2017 script with acorn", () => {
    expect(() => parse(REPORT_CLIENT_SCRIPT, { ecmaVersion: 2017, sourceType: "script" })).not.toThrow();
  });

  it("uses no HTML sink, eval or URL-loading API", () => {
    expect(REPORT_CLIENT_SCRIPT).not.toMatch(
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function|setAttribute\(\s*"on|\.src\s*=|\.href\s*=|fetch\(|XMLHttpRequest|import\(/,
    );
    expect(REPORT_CLIENT_SCRIPT).not.toMatch(/<\/script/i);
    expect(REPORT_STYLES).not.toMatch(/url\(|@import|<\//i);
  });

  it("allows only its own script and style, by hash, and nothing to load", () => {
    const csp = getReportCsp();
    expect(csp).toMatch(
      /^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'; style-src 'sha256-[A-Za-z0-9+/=]+'; img-src data:; base-uri 'none'; form-action 'none'$/,
    );
  });
});

describe("toScriptJson", () => {
  it("round-trips any JSON value and never holds '<' or a line separator", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (value, text) => {
        const embedded = toScriptJson({ value, text: `${text}</script><!--\u2028` });
        expect(embedded).not.toMatch(/[<\u2028\u2029]/);
        expect(JSON.parse(embedded)).toEqual(JSON.parse(JSON.stringify({ value, text: `${text}</script><!--\u2028` })));
      }),
    );
  });
});

describe("maskSecrets", () => {
  it("hides credentials and header values at any depth, keeping header names and other fields", () => {
    const data = {
      prompt: "hi",
      url: "https://api.example.com",
      headers: [
        ["Authorization", "Bearer abc"],
        ["X-Trace", "1"],
      ],
      body: { apiKey: "k-123", nested: { client_secret: "s", keep: "v" } },
      auth: { token: "t" },
      tool: { headers: { "X-Api-Key": "k" } },
    };
    expect(maskSecrets(data)).toEqual({
      prompt: "hi",
      url: "https://api.example.com",
      headers: [
        ["Authorization", MASK],
        ["X-Trace", MASK],
      ],
      body: { apiKey: MASK, nested: { client_secret: MASK, keep: "v" } },
      auth: MASK,
      tool: { headers: { "X-Api-Key": MASK } },
    });
    expect(JSON.stringify(maskSecrets(data))).not.toMatch(/abc|k-123|"s"|"t"|"k"/);
  });
});
