// Run the project's tests/ suite inside Pyodide in Node, offline.
//
//   node e2e/pyodide_pytest.mjs <repo root> <micropip wheel> <folder of wheels> [pytest args...]
//
// Loads the npm pyodide package, unpacks the pinned micropip wheel, lets micropip install
// pytest, hypothesis and their dependencies from the local wheels (no index is asked), copies
// py/, tests/, pyproject.toml and README.md into Pyodide's file system and runs pytest there.
// Exits with pytest's exit code.

import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { loadPyodide } from "pyodide";

const [root, micropipWheel, wheelDir, ...pytestArgs] = process.argv.slice(2);
if (!root || !micropipWheel || !wheelDir) {
  console.error("usage: node pyodide_pytest.mjs <repo root> <micropip wheel> <wheel folder> [pytest args...]");
  process.exit(2);
}

/** Copy a host folder into Pyodide's in-memory file system, leaving caches behind. */
function copyTree(pyodide, from, to) {
  pyodide.FS.mkdirTree(to);
  for (const name of readdirSync(from)) {
    if (name === "__pycache__" || name.startsWith(".")) continue;
    const source = path.join(from, name);
    const target = `${to}/${name}`;
    if (statSync(source).isDirectory()) copyTree(pyodide, source, target);
    else pyodide.FS.writeFile(target, readFileSync(source));
  }
}

const pyodide = await loadPyodide();
// Raw byte streams, so pytest's progress dots stay on one line.
pyodide.setStdout({ write: (bytes) => (process.stdout.write(bytes), bytes.length) });
pyodide.setStderr({ write: (bytes) => (process.stderr.write(bytes), bytes.length) });
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");

// unpackArchive rejects a Node Buffer; it wants a plain Uint8Array.
pyodide.unpackArchive(new Uint8Array(readFileSync(micropipWheel)), "wheel", { extractDir: sitePackages });

const wheels = readdirSync(wheelDir).filter((name) => name.endsWith(".whl")).sort();

pyodide.FS.mkdirTree("/wheels");
for (const name of wheels) pyodide.FS.writeFile(`/wheels/${name}`, readFileSync(path.join(wheelDir, name)));
const micropip = pyodide.pyimport("micropip");
// Every dependency is in the folder, so no resolution (and no index) is needed.
await micropip.install.callKwargs(wheels.map((name) => `emfs:/wheels/${name}`), { deps: false });
micropip.destroy();

copyTree(pyodide, path.join(root, "py"), "/project/py");
copyTree(pyodide, path.join(root, "tests"), "/project/tests");
pyodide.FS.writeFile("/project/pyproject.toml", readFileSync(path.join(root, "pyproject.toml")));
pyodide.FS.writeFile("/project/README.md", readFileSync(path.join(root, "README.md")));  // tests/test_readme.py
pyodide.FS.mkdir("/project/docs");
pyodide.FS.writeFile("/project/docs/formats.md", readFileSync(path.join(root, "docs", "formats.md")));  // tests/ai/test_ai_reasons.py

pyodide.globals.set("pytest_args", pyodide.toPy(pytestArgs));
const code = await pyodide.runPythonAsync(`
import os, sys
os.chdir("/project")
os.environ["RUMMYTABLE_PYODIDE"] = "1"
sys.path.insert(0, "/project/py")
import pytest
int(pytest.main(["-p", "no:cacheprovider", *pytest_args]))
`);
process.exit(code);
