/**
 * `npm start`: runs the host (scripts/serve.ts, flags and environment as documented there) from one
 * JavaScript file that esbuild bundles from its TypeScript sources once per change of them, kept in
 * node_modules/.cache (HOST_BUNDLE_DIR names another folder, for tests: it must lie inside the project,
 * since the bundle finds its packages from its own folder up). Started through tsx, the host spent about 0.45 s of
 * its 0.75 s to the first answer with tsx resolving and transpiling its ~100 modules on the loader's
 * thread (issue 7: ready in under 1 s); from the bundle it answers in about 0.35 s (0.39 s in the bench of 2026-11-23 18:49).
 *
 * Each start hashes the sources the bundle was made from (listed beside it, about 5 ms) and bundles anew
 * when one differs, so an edited, pulled or checked-out source is never served stale. Where the bundle
 * cannot be made or kept (no esbuild, a read-only folder), the host starts through tsx as before.
 *
 * Plain JavaScript: it runs before anything can compile TypeScript.
 * @module
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");
const ENTRY = "scripts/serve.ts";
const BUNDLE_DIR = process.env.HOST_BUNDLE_DIR ? path.resolve(process.env.HOST_BUNDLE_DIR) : path.join(ROOT, "node_modules", ".cache", "open-demand-publisher");
/** Where the current bundle is named, with the hash of every file it was made from. */
const RECORD = path.join(BUNDLE_DIR, "host-bundle.json");

/**
 * Packages stay imports (resolved from node_modules at run time, as under tsx): only our own modules
 * are bundled, so a package upgrade needs no new bundle. tsconfig.json and package.json steer how
 * esbuild reads the sources, so they count as inputs too.
 */
const BUNDLE_OPTIONS = { entryPoints: [ENTRY], bundle: true, platform: "node", format: "esm", target: "node20", packages: "external", sourcemap: "linked", legalComments: "none", logLevel: "silent" };
const SETTINGS_FILES = ["tsconfig.json", "package.json"];

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

/** The bundle of the record when every file it lists still has the recorded hash. */
function currentBundle() {
  let record;
  try {
    record = JSON.parse(readFileSync(RECORD, "utf8"));
  } catch {
    return undefined; // none yet, or unreadable: bundled anew
  }
  if (record.options !== JSON.stringify(BUNDLE_OPTIONS)) return undefined;
  for (const [file, hash] of Object.entries(record.inputs)) {
    let bytes;
    try {
      bytes = readFileSync(path.join(ROOT, file));
    } catch {
      return undefined; // a source removed or renamed
    }
    if (sha256(bytes) !== hash) return undefined;
  }
  return path.join(BUNDLE_DIR, record.bundle);
}

/** Writes `text` to `file` through a temporary name, so that a host starting meanwhile never reads half a file. */
function writeWhole(file, text) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/**
 * Bundles the host and records it. The bundle is named by its own hash, so two starts bundling at once
 * write the same bytes under the same name, and the record never names a half-written bundle.
 */
async function bundleHost() {
  const esbuild = await import("esbuild");
  let result;
  try {
    result = await esbuild.build({ ...BUNDLE_OPTIONS, absWorkingDir: ROOT, outdir: BUNDLE_DIR, write: false, metafile: true });
  } finally {
    // esbuild's service process would otherwise live as long as the host.
    await esbuild.stop();
  }
  const code = result.outputFiles.find((file) => file.path.endsWith(".js"));
  const map = result.outputFiles.find((file) => file.path.endsWith(".js.map"));
  const name = `host-${sha256(code.contents).slice(0, 16)}.mjs`;
  const text = code.text.replace(/\/\/# sourceMappingURL=\S+\s*$/, `//# sourceMappingURL=${name}.map\n`);
  const inputs = {};
  for (const file of [...Object.keys(result.metafile.inputs), ...SETTINGS_FILES].sort()) inputs[file] = sha256(readFileSync(path.join(ROOT, file)));
  mkdirSync(BUNDLE_DIR, { recursive: true });
  if (map !== undefined) writeWhole(path.join(BUNDLE_DIR, `${name}.map`), map.text);
  writeWhole(path.join(BUNDLE_DIR, name), text);
  writeWhole(RECORD, `${JSON.stringify({ bundle: name, options: JSON.stringify(BUNDLE_OPTIONS), inputs }, null, 1)}\n`);
  removeOldBundles(name);
  return path.join(BUNDLE_DIR, name);
}

/**
 * Bundles of earlier sources, so that each edit does not leave one behind. Only those a minute old: a
 * host that read the previous record a moment ago may be about to import the bundle it names.
 */
function removeOldBundles(current) {
  const old = Date.now() - 60_000;
  for (const entry of readdirSync(BUNDLE_DIR)) {
    if (!/^host-[0-9a-f]{16}\.mjs(?:\.map)?$/.test(entry) || entry.startsWith(current)) continue;
    const file = path.join(BUNDLE_DIR, entry);
    try {
      if (statSync(file).mtimeMs < old) rmSync(file, { force: true });
    } catch {
      // removed meanwhile by another start
    }
  }
}

let bundle = currentBundle();
if (bundle === undefined) {
  try {
    bundle = await bundleHost();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    console.error(`The host's bundle could not be made (${reason}): starting it through tsx, which takes longer.`);
  }
}
if (bundle !== undefined) await import(pathToFileURL(bundle).href);
else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(path.join(ROOT, ENTRY)).href);
}
