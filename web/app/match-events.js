// What happens at the table, for the parts of the app that are not the table: saving after every
// move, statistics at the end of a match, events for an embedding page.
//
// The table calls matchShown(match) whenever it draws; listeners hear about each new view once:
//   onMatchView(({match, view, previousPhase, setup, engine}) => ...)

const listeners = new Set();
const lastView = new WeakMap();   // match -> the view listeners last heard about
const lastPhase = new WeakMap();  // match -> that view's phase

/** Call `listener` with each new view of any match; returns a function that unsubscribes. */
export function onMatchView(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The table drew `match`: tell the listeners if its view is new. */
export function matchShown(match) {
  const view = match?.view;
  if (!view || lastView.get(match) === view) return;
  lastView.set(match, view);
  const previousPhase = lastPhase.get(match) ?? null;
  lastPhase.set(match, view.phase);
  for (const listener of listeners) {
    try {
      listener({ match, view, previousPhase, setup: match.setup, engine: match.engine });
    } catch (error) {
      console.error(error);
    }
  }
}
