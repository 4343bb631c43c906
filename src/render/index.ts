// The render layer: Mermaid text to SVG, PNG or PDF in the system Chromium (puppeteer is imported only when rendering).
export * from "./browser.js";
export * from "./renderer.js";
