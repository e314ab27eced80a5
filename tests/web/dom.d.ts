// What the page's JavaScript assumes of the DOM beyond lib.dom.d.ts, for `tsc --checkJs` only
// (nothing here is shipped): an element it looks up by selector or id is an HTML element of the
// kind it asked for (an input, a dialog, a progress bar), so its own properties may be used.

type PageElement = HTMLElement & { [property: string]: any };

interface ParentNode {
  querySelector<E extends Element = PageElement>(selectors: string): E | null;
  querySelectorAll<E extends Element = PageElement>(selectors: string): NodeListOf<E>;
}

interface Element {
  closest<E extends Element = PageElement>(selectors: string): E | null;
}

interface Document {
  getElementById(elementId: string): PageElement | null;
}

interface DocumentFragment {
  getElementById(elementId: string): PageElement | null;
}
