/**
 * `npm run check`: format check, lint, layering and type-check, run side by side rather than one after
 * another (each is one process with one busy thread: on two cores the four take about the time of the
 * longest two, not of all four). Lint, layering and type-check keep a cache under node_modules/.cache so
 * that a run after a small change reads only the files it changed; the formatter is fast enough without.
 * Each step's output is printed whole when it ends, in the order they end; the command fails when any step
 * failed, and names them.
 *
 * Plain JavaScript: it runs the type-check, so it cannot need one.
 * @module
 */
import { spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const CACHE = "node_modules/.cache/open-demand-publisher-check";
const bin = (name) => path.join(ROOT, "node_modules", ".bin", name);
/**
 * The type-check runs TypeScript 7, the native compiler (about a quarter of TypeScript 5.9's CPU time here),
 * installed as `typescript-native`; `typescript` stays 5.9 for the tools that read its JavaScript API
 * (typescript-eslint, dependency-cruiser, openapi-typescript), which TypeScript 7 does not have. Both name
 * their command `tsc`, so node_modules/.bin/tsc may be either: the path is spelled out.
 */
const TSC_7 = path.join(ROOT, "node_modules", "typescript-native", "bin", "tsc");

/** Each step: its name and its command (the same as the separate npm scripts, with a cache). */
const STEPS = [
  // Biome's formatter (native, all files in parallel: about 2 s of CPU where Prettier took 25 s) needs no cache.
  ["format", bin("biome"), ["format", "."]],
  ["lint", bin("eslint"), [".", "--cache", "--cache-strategy", "content", "--cache-location", `${CACHE}/eslint`]],
  [
    "layers",
    bin("depcruise"),
    [
      "build",
      "scripts",
      "--config",
      ".dependency-cruiser.cjs",
      "--cache",
      `${CACHE}/depcruise`,
      "--cache-strategy",
      "content",
    ],
  ],
  ["types", TSC_7, ["--noEmit", "--incremental", "--tsBuildInfoFile", `${CACHE}/tsbuildinfo`]],
];

/** Runs one step to its end; resolves with its exit code and what it printed, interleaved. */
function run([name, command, args]) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (text) => (output += text));
    child.stderr.setEncoding("utf8").on("data", (text) => (output += text));
    const end = (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`── ${name} (${seconds} s): ${code === 0 ? "ok" : "FAILED"}\n${output}`);
      resolve({ name, code });
    };
    child.on("error", (error) => {
      output += `${error.message}\n`;
      end(1);
    });
    child.on("close", end);
  });
}

const results = await Promise.all(STEPS.map(run));
const failed = results.filter((result) => result.code !== 0).map((result) => result.name);
if (failed.length > 0) {
  console.error(`npm run check: ${failed.join(", ")} failed.`);
  process.exitCode = 1;
}
