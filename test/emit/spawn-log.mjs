/**
 * Preloaded into a build child process (`node --import ./test/emit/spawn-log.mjs scripts/build.mjs …`): appends
 * one JSON line per process the build spawns (`{command, args, detached}`) to the file SPAWN_LOG names,
 * then spawns it unchanged. Test-only: the build's code is untouched.
 */
import childProcess from "node:child_process";
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";

const spawn = childProcess.spawn;
childProcess.spawn = (command, args = [], options = {}) => {
  fs.appendFileSync(
    process.env.SPAWN_LOG,
    `${JSON.stringify({ command, args, detached: options.detached === true })}\n`,
  );
  return spawn(command, args, options);
};
syncBuiltinESMExports();
