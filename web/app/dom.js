// Small helpers to build elements without markup strings (all text goes in as textContent).

/** @typedef {HTMLElement & Record<string, any>} AnyElement an element of any tag (input, dialog, ...) */

/**
 * Create an element.
 * @param {string} tag e.g. "button" or "div.card.selected"
 * @param {Record<string, any>} [props] attributes; `text`, `dataset`, `on` (event handlers), `hidden`
 * @param {(Node|string|null|false|undefined)[]} [children]
 * @returns {AnyElement}
 */
export function h(tag, props = {}, children = []) {
  const [name, ...classes] = tag.split(".");
  const node = /** @type {AnyElement} */ (document.createElement(name));
  if (classes.length) node.className = classes.join(" ");
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "class") node.className = [node.className, value].filter(Boolean).join(" ");
    else if (key === "dataset") {
      for (const [name, data] of Object.entries(value)) if (data !== undefined && data !== null) node.dataset[name] = String(data);
    }
    else if (key === "on") for (const [type, fn] of Object.entries(value)) node.addEventListener(type, fn);
    else if (key === "hidden") node.hidden = Boolean(value);
    else if (key === "disabled") node.disabled = Boolean(value);
    else if (key === "testid") node.dataset.testid = value;
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return node;
}

/** Resolve after `ms` milliseconds (0 resolves on the next task). */
export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** True when the person asked the system for less motion. */
export function prefersReducedMotion() {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}
