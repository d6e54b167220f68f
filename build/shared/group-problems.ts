/**
 * Identical problems on many lines, said once (issue 26): a CSV export with no `status` column gave one
 * "missing field" per line, 500 lines of the same sentence; now it is `lines 2-501 › status: Missing field`.
 * @module
 */

/** What grouping needs of a problem: where it is and what it says (SeedProblem has this shape). */
export interface LocatedProblem {
  file: string;
  record?: string;
  field?: string;
  message: string;
}

/** The ranges listed before "…": a problem on every other line would otherwise list them all. */
const MAX_RANGES = 8;

const NUMBERED = /^(line|record) (\d+)$/;

/** `2-5, 7, 9-11` from sorted distinct numbers, cut after MAX_RANGES ranges. */
function formatRanges(numbers: readonly number[]): string {
  const ranges: string[] = [];
  for (let i = 0; i < numbers.length; ) {
    let end = i;
    while (end + 1 < numbers.length && numbers[end + 1] === numbers[end]! + 1) end += 1;
    ranges.push(end === i ? String(numbers[i]) : `${numbers[i]}-${numbers[end]}`);
    i = end + 1;
  }
  if (ranges.length <= MAX_RANGES) return ranges.join(", ");
  return `${ranges.slice(0, MAX_RANGES).join(", ")}, … (${numbers.length} in all)`;
}

/**
 * Merges problems that say the same of the same field in the same file on numbered records (`line 3`,
 * `record 0`) into one, whose record lists them (`lines 2-11`); each group stands where its first problem
 * stood. Other problems are kept as they are.
 * @example groupProblems([{ file: "a.csv", record: "line 2", field: "x", message: "m" }, { file: "a.csv", record: "line 3", field: "x", message: "m" }]) // [{ …, record: "lines 2-3" }]
 */
export function groupProblems<T extends LocatedProblem>(problems: readonly T[]): T[] {
  const groups = new Map<string, { first: T; kind: string; numbers: number[] }>();
  const order: (T | string)[] = [];
  for (const problem of problems) {
    const numbered = NUMBERED.exec(problem.record ?? "");
    if (numbered === null) {
      order.push(problem);
      continue;
    }
    const key = JSON.stringify([problem.file, numbered[1], problem.field ?? "", problem.message]);
    const group = groups.get(key);
    if (group === undefined) {
      groups.set(key, { first: problem, kind: numbered[1]!, numbers: [Number(numbered[2])] });
      order.push(key);
    } else group.numbers.push(Number(numbered[2]));
  }
  return order.map((entry) => {
    if (typeof entry !== "string") return entry;
    const { first, kind, numbers } = groups.get(entry)!;
    if (numbers.length === 1) return first;
    const distinct = [...new Set(numbers)].sort((a, b) => a - b);
    return { ...first, record: `${kind}s ${formatRanges(distinct)}` };
  });
}
