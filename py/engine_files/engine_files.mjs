// Make the engine's Python archives for the page (see py/engine_files/engine_files.py, which does the work
// inside Pyodide): the trimmed, precompiled standard library and the precompiled rummytable package.
//
//   node py/engine_files/engine_files.mjs <pyodide folder> <folder holding rummytable/> <out folder>
//
// Run by build.py; the zips and modules.json land in <out folder>.

import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, packageParent, outDir] = process.argv.slice(2);
if (!pyodideDir || !packageParent || !outDir) {
  console.error("usage: node engine_files.mjs <pyodide folder> <folder holding rummytable/> <out folder>");
  process.exit(2);
}

// Where the page puts the archives (web/worker.js): the bytecode names its file by these paths.
const STDLIB_MOUNT = "/lib/python314.zip";
const ENGINE_MOUNT = "/lib/rummytable.zip";

const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep });

function copyTree(from, to) {
  pyodide.FS.mkdirTree(to);
  for (const name of readdirSync(from)) {
    if (name === "__pycache__" || name.startsWith(".")) continue;
    const source = path.join(from, name);
    if (statSync(source).isDirectory()) copyTree(source, `${to}/${name}`);
    else pyodide.FS.writeFile(`${to}/${name}`, readFileSync(source));
  }
}

copyTree(path.join(packageParent, "rummytable"), "/engine/rummytable");
pyodide.FS.mkdirTree("/build");
pyodide.FS.writeFile("/build/engine_files.py", readFileSync(new URL("./engine_files.py", import.meta.url)));
// Pyodide turns a Python error into a JavaScript one with the traceback module: cover that path too.
try {
  pyodide.runPython("raise ValueError('seen from JavaScript')");
} catch {
  // expected
}
try {
  pyodide.runPython(`
import sys
sys.path.insert(0, "/build")
import engine_files
engine_files.main("${STDLIB_MOUNT}", "/engine", "/out", "${STDLIB_MOUNT}", "${ENGINE_MOUNT}")
`);
} catch (error) {
  console.error(String(error.message ?? error));  // the Python traceback, without Pyodide's own source
  process.exit(1);
}
mkdirSync(outDir, { recursive: true });
for (const name of ["python_stdlib.zip", "rummytable.zip", "modules.json"]) {
  writeFileSync(path.join(outDir, name), pyodide.FS.readFile(`/out/${name}`));
}
