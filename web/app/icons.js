// Small line icons for the table's tool buttons (decorative; the buttons carry the words).

const SVG = "http://www.w3.org/2000/svg";

const PATHS = {
  menu: ["M4 7h16", "M4 12h16", "M4 17h16"],
  scores: ["M6 20V11", "M12 20V5", "M18 20v-6"],
  hint: ["M9 18h6", "M10 21h4", "M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3Z"],
  rules: ["M5 4h9a3 3 0 0 1 3 3v13H8a3 3 0 0 1-3-3Z", "M5 17a3 3 0 0 1 3-3h9"],
};

/** An icon as an <svg> element, or null for an unknown name. */
export function icon(name) {
  if (!PATHS[name]) return null;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", "icon");
  svg.setAttribute("aria-hidden", "true");
  for (const d of PATHS[name]) {
    const path = document.createElementNS(SVG, "path");
    path.setAttribute("d", d);
    svg.appendChild(path);
  }
  return svg;
}
