// A node's data.tag read for drawing: a bounded one-line name, and a colour only when it is a plain #hex or rgb().
import { describe, expect, it } from "vitest";
import { getNodeTag, getPlainColor } from "../../src/export/index.js";

describe("getPlainColor", () => {
  it.each([
    ["#2a78d6", "#2a78d6"],
    ["#FFF", "#FFF"],
    [" #000000 ", "#000000"],
    ["rgb(1, 2, 255)", "rgb(1,2,255)"],
    ["rgb(1,2,256)", undefined],
    ["red", undefined],
    ["#12345", undefined],
    ['#fff" onload="x', undefined],
    ["red;background:url(x)", undefined],
    ["url(#a)", undefined],
    [12, undefined],
    [undefined, undefined],
  ])("%j -> %j", (input, expected) => expect(getPlainColor(input)).toBe(expected));
});

describe("getNodeTag", () => {
  it.each([
    [{ tag: { name: "Verified", color: "#2a78d6" } }, { name: "Verified", color: "#2a78d6" }],
    [{ tag: { name: "  two\n lines ", color: "blue" } }, { name: "two lines" }],
    [{ tag: { name: "x".repeat(100) } }, { name: `${"x".repeat(59)}…` }],
    [{ tag: { name: "   " } }, undefined],
    [{ tag: "Verified" }, undefined],
    [{ tag: [{ name: "a" }] }, undefined],
    [{}, undefined],
  ])("%j -> %j", (data, expected) => expect(getNodeTag(data as Record<string, unknown>)).toEqual(expected));
});
