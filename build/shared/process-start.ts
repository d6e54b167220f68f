/**
 * When a process started, as Linux counts it (clock ticks since boot, `/proc/<pid>/stat` field 22): a
 * record naming a process id can also name this, so that another process that later got the same id
 * (after a reboot, most often) is not taken for the one that wrote the record. Exact and immune to
 * clock changes, unlike a wall-clock start time; undefined where the system does not tell.
 * @module
 */
import { readFileSync } from "node:fs";

/** Index of `starttime` among the fields after the command name: `/proc/<pid>/stat` field 22, counted from field 3. */
const START_TIME_FIELD = 19;

/** The start of process `pid` in clock ticks since boot, or undefined (not Linux, no such process, unreadable). */
export function processStartTicks(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name, in parentheses, may itself hold spaces and parentheses: the fields follow the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[START_TIME_FIELD]);
  return Number.isSafeInteger(ticks) ? ticks : undefined;
}

/**
 * False when process `pid` is known to be another process than the one that recorded `recordedTicks`:
 * both start times are known and differ. True otherwise (the caller checks first that `pid` runs at all).
 */
export function sameProcessAsRecorded(pid: number, recordedTicks: number | undefined): boolean {
  if (recordedTicks === undefined) return true;
  const ticks = processStartTicks(pid);
  return ticks === undefined || ticks === recordedTicks;
}

/**
 * Whether the process that wrote a record still runs: process `pid` is alive (EPERM: alive, another
 * user's) and, where the record names its start, it is that process, not one that got the id since.
 */
export function recordedProcessRuns(pid: number, recordedTicks: number | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return sameProcessAsRecorded(pid, recordedTicks);
}
