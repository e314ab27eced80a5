// The embedding demo: shows the events the game sends and sends it commands.
// `?app=URL` embeds the app from another address (the tests serve it from a second origin).

const table = document.querySelector("rummy-table");
const app = new URLSearchParams(location.search).get("app");
if (app) table.setAttribute("src", app);
if (new URLSearchParams(location.search).has("speed")) table.setAttribute("speed", new URLSearchParams(location.search).get("speed"));

// Saves handed over by the game ("persist" attribute), kept for this page's visit only here;
// a real page could keep them in its own storage and give them back with table.restore(...).
const saves = {};

const list = document.getElementById("events");
function show(type, detail) {
  const item = document.createElement("li");
  item.dataset.type = type;
  item.dataset.detail = JSON.stringify(detail);
  const summary = type === "save" ? `${detail.game}, round ${detail.save?.about?.round ?? "?"}` : JSON.stringify(detail);
  item.textContent = `${type}: ${summary}`;  // text, never HTML
  list.prepend(item);
}

for (const type of ["ready", "match-start", "round-over", "match-over", "save", "error"]) {
  table.addEventListener(type, (/** @type {CustomEvent} */ event) => {
    if (type === "save") saves[event.detail.game] = event.detail.save;
    if (type === "ready" && Object.keys(saves).length) table.restore(saves);
    show(type, event.detail);
  });
}

document.getElementById("new-tress").addEventListener("click", () => table.newGame({ game: "tress", players: 3, level: "normal" }));
document.getElementById("watch-take").addEventListener("click", () => table.newGame({
  game: "take", players: 2, level: "normal", watch: true, options: { target: 50 },
}));

await import("./embed.js");
export {};  // a module: the await above needs one
