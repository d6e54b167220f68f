/**
 * The one vocabulary of gambling verticals, shared by every seed field that names one (#26): brands'
 * verticals, ground-truth rows, and (#27) licenses, regulators and demand rows. `betting` is a second
 * spelling of `sportsbook`, the key the API publishes; both are read, `sportsbook` is stored.
 * @module
 */
import { z } from "zod";

export const VERTICALS = ["casino", "sportsbook", "poker", "lottery"] as const;
export type Vertical = (typeof VERTICALS)[number];

/** Other spellings of a vertical's key, read as the key. */
export const VERTICAL_ALIASES: Readonly<Record<string, Vertical>> = { betting: "sportsbook" };

/** A ground-truth row's vertical: one of the verticals, or `total`, the regulator's whole market. */
export const GROUND_TRUTH_VERTICALS = [...VERTICALS, "total"] as const;

const spelled = (value: unknown): unknown =>
  typeof value === "string" && Object.hasOwn(VERTICAL_ALIASES, value) ? VERTICAL_ALIASES[value] : value;

/** A vertical, `betting` read as `sportsbook`. */
export const verticalSchema = z.preprocess(spelled, z.enum(VERTICALS));
/** A ground-truth vertical, `betting` read as `sportsbook`. */
export const groundTruthVerticalSchema = z.preprocess(spelled, z.enum(GROUND_TRUTH_VERTICALS));

/**
 * Other spellings a seed field accepts, for the seed reference (the preprocessing that reads them cannot be
 * inspected). A registry of its own, so the note stays out of the OpenAPI document.
 */
export const SEED_SPELLINGS = z.registry<{ spellings: Readonly<Record<string, string>> }>();
SEED_SPELLINGS.add(verticalSchema, { spellings: VERTICAL_ALIASES });
SEED_SPELLINGS.add(groundTruthVerticalSchema, { spellings: VERTICAL_ALIASES });
