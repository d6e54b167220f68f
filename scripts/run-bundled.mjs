/**
 * Runs one of our TypeScript entry points (scripts/serve.ts for `npm start`, scripts/build.ts for
 * `npm run build`) from one JavaScript file that esbuild bundles from its sources once per change of
 * them, kept in node_modules/.cache (BUNDLE_CACHE_DIR names another folder, for tests: it must lie inside
 * the project, since a bundle finds its packages from its own folder up). Started through tsx, a command
 * spends 0.45 to 0.6 s before its own work, tsx resolving and transpiling our ~100 modules on its
 * loader's thread at every start (issue 7: the host ready in under 1 s).
 *
 * Each run hashes the sources the bundle was made from (listed beside it, about 5 ms) and bundles anew
 * when one differs, so an edited, pulled or checked-out source never runs stale. Where the bundle cannot
 * be made or kept (no esbuild, a read-only folder), the entry point runs through tsx as before.
 *
 * Plain JavaScript: it runs before anything can compile TypeScript.
 * @module
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");
const BUNDLE_DIR = process.env.BUNDLE_CACHE_DIR
  ? path.resolve(process.env.BUNDLE_CACHE_DIR)
  : path.join(ROOT, "node_modules", ".cache", "open-demand-publisher");

/**
 * A module's `import.meta.url` and `import.meta.dirname` stay those of its source file: the build finds
 * its emit thread's script, the chart renderer, the docs assets and the code it fingerprints beside
 * its sources, wherever the bundle lies.
 */
const PIN_IMPORT_META = {
  name: "pin-import-meta",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, "utf8");
      const contents = source
        .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll("import.meta.dirname", JSON.stringify(path.dirname(args.path)))
        .replaceAll("import.meta.filename", JSON.stringify(args.path));
      return { contents, loader: "ts" };
    });
  },
};

/**
 * Packages stay imports (resolved from node_modules at run time, as under tsx): only our own modules
 * are bundled, so a package upgrade needs no new bundle. tsconfig.json and package.json steer how
 * esbuild reads the sources, so they count as inputs too.
 */
const BUNDLE_OPTIONS = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  legalComments: "none",
  logLevel: "silent",
};
/** What the bundle's bytes depend on besides the sources: a change of it bundles anew. */
const BUNDLE_SETTINGS = JSON.stringify({ ...BUNDLE_OPTIONS, plugins: [PIN_IMPORT_META.name], root: ROOT });
const SETTINGS_FILES = ["tsconfig.json", "package.json"];

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

/** Where the current bundle of `name` is named, with the hash of every file it was made from. */
const recordOf = (name) => path.join(BUNDLE_DIR, `${name}-bundle.json`);

/** The bundle of the record when every file it lists still has the recorded hash. */
function currentBundle(name, entry) {
  let record;
  try {
    record = JSON.parse(readFileSync(recordOf(name), "utf8"));
  } catch {
    return undefined; // none yet, or unreadable: bundled anew
  }
  if (record.entry !== entry || record.settings !== BUNDLE_SETTINGS) return undefined;
  for (const [file, hash] of Object.entries(record.inputs)) {
    let bytes;
    try {
      bytes = readFileSync(path.join(ROOT, file));
    } catch {
      return undefined; // a source removed or renamed
    }
    if (sha256(bytes) !== hash) return undefined;
  }
  const file = path.join(BUNDLE_DIR, record.bundle);
  // A bundle removed by hand (a cache cleaned in part) is made again, not imported and missed.
  return existsSync(file) ? file : undefined;
}

/** Writes `text` to `file` through a temporary name, so that a run starting meanwhile never reads half a file. */
function writeWhole(file, text) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/**
 * Bundles `entry` and records it. The bundle is named by its own hash, so two runs bundling at once
 * write the same bytes under the same name, and the record never names a half-written bundle.
 */
async function bundle(name, entry) {
  const esbuild = await import("esbuild");
  let result;
  try {
    result = await esbuild.build({
      ...BUNDLE_OPTIONS,
      entryPoints: [entry],
      plugins: [PIN_IMPORT_META],
      absWorkingDir: ROOT,
      outdir: BUNDLE_DIR,
      write: false,
      metafile: true,
    });
  } finally {
    // esbuild's service process would otherwise live as long as the command.
    await esbuild.stop();
  }
  const code = result.outputFiles.find((file) => file.path.endsWith(".js"));
  const map = result.outputFiles.find((file) => file.path.endsWith(".js.map"));
  const file = `${name}-${sha256(code.contents).slice(0, 16)}.mjs`;
  const text = code.text.replace(/\/\/# sourceMappingURL=\S+\s*$/, `//# sourceMappingURL=${file}.map\n`);
  const inputs = {};
  for (const input of [...Object.keys(result.metafile.inputs), ...SETTINGS_FILES].sort())
    inputs[input] = sha256(readFileSync(path.join(ROOT, input)));
  mkdirSync(BUNDLE_DIR, { recursive: true });
  if (map !== undefined) writeWhole(path.join(BUNDLE_DIR, `${file}.map`), map.text);
  writeWhole(path.join(BUNDLE_DIR, file), text);
  writeWhole(
    recordOf(name),
    `${JSON.stringify({ entry, bundle: file, settings: BUNDLE_SETTINGS, inputs }, null, 1)}\n`,
  );
  removeOldBundles(name, file);
  return path.join(BUNDLE_DIR, file);
}

/**
 * Bundles of earlier sources, so that each edit does not leave one behind. Only those a minute old: a
 * run that read the previous record a moment ago may be about to import the bundle it names.
 */
function removeOldBundles(name, current) {
  const old = Date.now() - 60_000;
  const ours = new RegExp(`^${name}-[0-9a-f]{16}\\.mjs(?:\\.map)?$`);
  for (const entry of readdirSync(BUNDLE_DIR)) {
    if (!ours.test(entry) || entry.startsWith(current)) continue;
    const file = path.join(BUNDLE_DIR, entry);
    try {
      if (statSync(file).mtimeMs < old) rmSync(file, { force: true });
    } catch {
      // removed meanwhile by another run
    }
  }
}

/**
 * Runs `entry` (relative to the project) from its bundle `name`, making it first when it is missing
 * or stale, or through tsx when it cannot be made; `what` names the command in the fallback's message.
 */
export async function runBundled(name, entry, what) {
  let file = currentBundle(name, entry);
  if (file === undefined) {
    try {
      file = await bundle(name, entry);
    } catch (error) {
      const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
      console.error(`The ${what}'s bundle could not be made (${reason}): starting it through tsx, which takes longer.`);
    }
  }
  if (file !== undefined) await import(pathToFileURL(file).href);
  else {
    const { register } = await import("tsx/esm/api");
    register();
    await import(pathToFileURL(path.join(ROOT, entry)).href);
  }
}
