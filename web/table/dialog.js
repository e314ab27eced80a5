// Modal dialogs on the native <dialog> element: focus stays inside, Escape closes.

import { h } from "../app/dom.js";
import { t } from "../i18n/index.js";

/**
 * Open a modal dialog and resolve with the chosen value (null when dismissed).
 * @param {{title: string, body?: Node[], choices: {label: string, value: any, testid?: string, primary?: boolean,
 *          content?: Node[]}[],
 *          testid?: string, dismissible?: boolean, escapable?: boolean, className?: string, scrolls?: boolean}} spec
 *   dismissible: adds a Cancel button and lets Escape close it; escapable (default: dismissible)
 *   lets Escape close a dialog that has its own Close button instead. scrolls: the body is a
 *   scrolling text (the rules) with nothing to focus in it, so it takes the focus itself and
 *   keyboard users can scroll it with the arrow keys (WCAG 2.1.1).
 */
export function choose({ title, body = [], choices, testid = "dialog", dismissible = true, escapable = dismissible, className = "", scrolls = false }) {
  return new Promise((resolve) => {
    const dialog = h("dialog.modal", { class: className || undefined, dataset: { testid }, "aria-labelledby": `${testid}-title` });
    let settled = false;
    const settle = (value) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    const buttons = choices.map((choice) => h("button", {
      type: "button",
      class: choice.primary ? "primary" : "secondary",
      dataset: { testid: choice.testid ?? "", action: choice.value && typeof choice.value === "object" ? JSON.stringify(choice.value) : undefined },
      text: choice.content ? undefined : choice.label,
      "aria-label": choice.content ? choice.label : undefined,
      on: { click: () => { settle(choice.value); dialog.close(); } },
    }, choice.content ?? []));
    if (dismissible) {
      buttons.push(h("button.secondary", { type: "button", dataset: { testid: `${testid}-cancel` }, text: t("common.cancel"), on: { click: () => dialog.close() } }));
    }
    dialog.append(
      h("h2", { id: `${testid}-title`, text: title }),
      h("div.modal-body", scrolls ? { tabindex: "0", role: "region", "aria-labelledby": `${testid}-title` } : {}, body),
      h("div.modal-actions", {}, buttons),
    );
    dialog.addEventListener("cancel", (event) => { if (!escapable) event.preventDefault(); });
    dialog.addEventListener("close", () => { dialog.remove(); settle(null); });
    document.body.appendChild(dialog);
    dialog.showModal();
    (dialog.querySelector(".primary") ?? buttons[0])?.focus({ preventScroll: true });
    dialog.scrollTop = 0;
  });
}

/** Close every open modal (used when leaving the table). */
export function closeAll() {
  for (const dialog of document.querySelectorAll("dialog.modal[open]")) /** @type {HTMLDialogElement} */ (dialog).close();
}
