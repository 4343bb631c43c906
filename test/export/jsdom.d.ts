// Types for the little of jsdom the export and render tests use: jsdom ships none, and @types/jsdom would pull DOM types into every file.
declare module "jsdom" {
  export interface JsdomElement {
    tagName: string;
    textContent: string | null;
    attributes: Iterable<{ name: string; value: string }>;
    getAttribute(name: string): string | null;
  }
  export interface JsdomDocument {
    documentElement: JsdomElement;
    querySelector(selector: string): JsdomElement | null;
    querySelectorAll(selector: string): ArrayLike<JsdomElement> & Iterable<JsdomElement>;
  }
  export class JSDOM {
    constructor(html?: string, options?: Record<string, unknown>);
    window: { document: JsdomDocument } & Record<string, unknown>;
  }
}
