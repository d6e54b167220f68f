/**
 * What a seed reader gives back (located raw records and the problems found), and the line limit every
 * reader applies. Its own module so that the format readers and their dispatch share it without importing
 * each other.
 * @module
 */
import type { SeedProblem } from "../errors.ts";

/** A record as read, before validation, with where it came from. */
export interface RawRecord {
  /** `line 12` (NDJSON, CSV) or `record 3` (JSON array, 0-based index). */
  location: string;
  value: unknown;
  /** Fields the reader already reported (a CSV cell of the wrong form); validation does not repeat them. */
  reported?: readonly string[];
}

/** What reading one seed file gives: its records, and the problems found (a file with problems may still give records). */
export interface ReadResult {
  records: RawRecord[];
  problems: SeedProblem[];
}

/** A line longer than this is refused rather than parsed: a seed record is never this large. */
export const MAX_LINE_BYTES = 1_000_000;
