// Test helper: Mermaid's own parser running under jsdom, so exports are checked by the parser GitHub and the renderer use.
import { JSDOM } from "jsdom";

type MermaidApi = { parse(text: string): Promise<{ diagramType: string; config?: Record<string, unknown> }> };
let loaded: Promise<MermaidApi> | undefined;

/** Loads Mermaid once, with a jsdom window (and the DOMPurify it expects) as globals. */
export function loadMermaid(): Promise<MermaidApi> {
  loaded ??= (async () => {
    const dom = new JSDOM("<!doctype html><html><body></body></html>", { pretendToBeVisual: true });
    const scope = globalThis as Record<string, unknown>;
    scope.window ??= dom.window;
    scope.document ??= dom.window.document;
    scope.DOMPurify ??= (await import("dompurify")).default(dom.window as never);
    const { default: mermaid } = await import("mermaid");
    return mermaid as unknown as MermaidApi;
  })();
  return loaded;
}

/** Mermaid's verdict on `text`: the diagram type and any configuration a directive or front matter set. Throws on a parse error. */
export async function parseMermaid(text: string): Promise<{ diagramType: string; config?: Record<string, unknown> }> {
  return (await loadMermaid()).parse(text);
}
