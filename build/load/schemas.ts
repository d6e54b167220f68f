/**
 * Zod schemas of every seed record, and the types inferred from them.
 * These are the only declarations of the seed shapes: never hand-write a duplicate interface.
 * @module
 */
import { z } from "zod";
import { GGR_PERIOD_PATTERN } from "../shared/ggr-periods.ts";
import { countryAlias } from "./near-miss.ts";
import { CSV_MISSING_MEASUREMENT } from "./csv-layout.ts";
import { groundTruthVerticalSchema, verticalSchema } from "./verticals.ts";

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Expected a lower-case slug (a-z, 0-9, single dashes)");
// UK passes the shape but is no ISO code: the API reads ?country=uk as GB, so a seed must say GB (issue 26).
const countryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, "Expected an upper-case ISO 3166-1 alpha-2 code")
  .superRefine((code, context) => {
    const meant = countryAlias(code);
    if (meant !== undefined)
      context.addIssue({
        code: "custom",
        message: `Expected an ISO 3166-1 code, got "${code}" (did you mean "${meant}"?)`,
      });
  });
const period = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Expected a month as YYYY-MM");
const isoDate = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });
const nonEmpty = z.string().trim().min(1);
const key = z.string().regex(/^[a-z0-9]+(?:_[a-z0-9]+)*$/, "Expected a lower-case key (a-z, 0-9, underscores)");
const percent = z.number().min(0).max(100);
/**
 * A BCP 47 language tag as RFC 5646 shapes it (language, then optional script, region and variants); its
 * case is kept as written. Intl.getCanonicalLocales would accept more, but also rewrites tags.
 */
const bcp47Tag = z
  .string()
  .regex(
    /^[A-Za-z]{2,3}(?:-[A-Za-z]{4})?(?:-(?:[A-Za-z]{2}|\d{3}))?(?:-(?:[A-Za-z0-9]{5,8}|\d[A-Za-z0-9]{3}))*$/,
    "Expected a BCP 47 language tag such as en, de or pt-BR",
  );
/**
 * A web address the API publishes, which a client may render as a link: http or https only, so that a
 * `javascript:` URL or a mistyped scheme (`htps://`) is refused rather than published.
 */
const webUrl = z.url({ protocol: /^https?$/, error: "Expected an http or https URL" });

/**
 * A signal rather than an identity (#26): a publisher's register or keyword export often lacks it, so it may
 * be absent or null, and either way it is loaded as null, which the build reads as unknown (never as 0).
 */
export function unknownWhenAbsent<T extends z.ZodType>(schema: T) {
  return schema.nullable().default(null);
}

/**
 * The checks that make a list's values distinct, for the seed reference to say so (build/docs/seed-reference.ts).
 * A check, not the schema: `.min(1)` after it makes a new schema that keeps the same check object, and a
 * description or metadata would also reach the OpenAPI document of the responses that reuse these fields.
 */
export const DISTINCT_LIST_CHECKS = new WeakSet<object>();

/** A list in which each value appears once: a repeat would be counted twice (payment methods, markets, skills). */
function distinctList<T extends z.ZodType>(item: T) {
  const list = z.array(item).superRefine((values, context) => {
    // A set, not indexOf for each value: that took 21 s on one record listing 100,000 payment methods (890 KB, within the line limit).
    const seen = new Set<unknown>();
    const repeated = values.find((value) => seen.size === seen.add(value).size);
    if (repeated !== undefined)
      context.addIssue({ code: "custom", message: `Lists ${JSON.stringify(repeated)} more than once` });
  });
  const check = list.def.checks?.at(-1);
  if (check !== undefined) DISTINCT_LIST_CHECKS.add(check);
  return list;
}

/** `seeds/meta/meta.json`: the snapshot's identity, shared by both services. */
export const metaSchema = z.strictObject({
  snapshot_at: isoDateTime.describe("When the seed data was taken; every response's generated_at"),
  synthetic: z.boolean().describe("True for generated sample data"),
  version: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/,
      "Expected a release name of letters, digits, dots, dashes and underscores",
    )
    .optional()
    .describe("The release's name (issue 34); absent: named by the snapshot"),
  base_url: webUrl
    .refine((text) => !/[?#]/.test(text), "Expected the site's address without a query or fragment")
    .optional()
    .describe("The site's public address (http or https), used when the build is given no --base-url (#26)"),
  contact: z.email(),
  dataset: z.strictObject({
    name: nonEmpty,
    description: nonEmpty,
    source: nonEmpty,
    license: nonEmpty,
    attribution: webUrl.describe("Landing page that attribution must link to"),
  }),
  resumes: z.strictObject({
    name: nonEmpty,
    description: nonEmpty,
    source: nonEmpty,
    license: nonEmpty,
    attribution: webUrl,
    removal_contact: z
      .email()
      .optional()
      .describe(
        "Where a person asks for their contacts or resume to be removed (issue 31); absent: the top-level contact",
      ),
  }),
});

export const countrySchema = z.strictObject({
  code: countryCode,
  name: nonEmpty,
  trust_tier: z.int().min(1).max(3).describe("1 = strictly regulated market, 3 = grey market"),
  active: z.boolean().describe("True when the publisher marks the market as active"),
});

export const regulatorSchema = z.strictObject({
  code: z.string().regex(/^[A-Z0-9]{2,12}$/, "Expected an upper-case regulator code"),
  name: nonEmpty,
  jurisdiction: countryCode.describe("Country whose licenses it issues (ISO 3166-1 alpha-2)"),
  tier: z.int().min(1).max(3).describe("1 = strict regulator, 3 = lenient"),
  register_url: webUrl.describe("Address of its public license register"),
  verticals: unknownWhenAbsent(distinctList(verticalSchema).min(1)).describe(
    "The verticals the regulator licenses (#27); absent: all of them",
  ),
});

const storeRating = z.strictObject({ rating: z.number().min(0).max(5), reviews: z.int().min(0) });

/** A brand's review-site reputation; each part may be unknown on its own (a rating without complaint counts). */
export const reputationSchema = z.strictObject({
  review_rating: unknownWhenAbsent(z.number().min(0).max(5)).describe("Mean rating on review sites, 0-5 stars"),
  review_count: unknownWhenAbsent(z.int().min(0)).describe("Number of reviews that rating rests on"),
  complaints_total: unknownWhenAbsent(z.int().min(0)).describe("Complaints filed against the brand on complaint sites"),
  complaints_resolved: unknownWhenAbsent(z.int().min(0)).describe("Of those complaints, the number resolved"),
});

export const brandSchema = z.strictObject({
  slug,
  name: nonEmpty,
  status: z.enum(["active", "dormant", "closed"]).describe("Operating status: active, dormant or closed"),
  founded_year: unknownWhenAbsent(z.int().min(1990).max(2100)).describe("Year the brand was founded"),
  verticals: distinctList(verticalSchema)
    .min(1)
    .describe("The verticals it operates in: casino, sportsbook, poker, lottery"),
  markets: distinctList(countryCode),
  reputation: unknownWhenAbsent(reputationSchema).describe("Review-site rating and complaint counts"),
  // Within app_stores, null keeps its meaning: no app in that store (a known fact).
  app_stores: unknownWhenAbsent(
    z.strictObject({ ios: storeRating.nullable(), android: storeRating.nullable() }),
  ).describe("Rating (0-5) and review count of its iOS and Android apps; a store null: no app there"),
  social: unknownWhenAbsent(z.record(key, z.int().min(0)).describe("Network key → followers")),
  payment_methods: unknownWhenAbsent(distinctList(key)).describe(
    "Payment method keys of its cashier, e.g. visa, trustly, bitcoin",
  ),
  withdrawal_days: unknownWhenAbsent(z.number().min(0).max(60)).describe("Typical time to pay out a withdrawal, days"),
  responsible_gambling: unknownWhenAbsent(
    z.strictObject({
      self_exclusion: unknownWhenAbsent(z.boolean()),
      deposit_limits: unknownWhenAbsent(z.boolean()),
      reality_check: unknownWhenAbsent(z.boolean()),
    }),
  ).describe("Which responsible-gambling tools it offers: self-exclusion, deposit limits, reality checks"),
});

/** What a check of a domain saw; `checked_at` dates it (absent: as of the snapshot, #27). */
export const domainHealthSchema = z.strictObject({
  https: unknownWhenAbsent(z.boolean()).describe("True when the site is served over HTTPS"),
  status_code: unknownWhenAbsent(z.int().min(100).max(599)).describe("HTTP status code of the home page"),
  uptime_pct: unknownWhenAbsent(percent).describe("Share of checks the site answered, percent"),
  response_ms: unknownWhenAbsent(z.int().min(0)).describe("Response time of the home page, milliseconds"),
  checked_at: unknownWhenAbsent(isoDate),
});

export const domainSchema = z.strictObject({
  domain: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, "Expected a lower-case host name")
    .describe("The domain's host name, lower case"),
  brand: slug,
  primary: z.boolean().describe("True for the brand's main domain (one per brand)"),
  whois: unknownWhenAbsent(
    z.strictObject({
      registrar: unknownWhenAbsent(nonEmpty),
      created_at: unknownWhenAbsent(isoDate),
      expires_at: unknownWhenAbsent(isoDate),
      privacy: unknownWhenAbsent(z.boolean()),
    }),
  ).describe("WHOIS registration: registrar, creation and expiry dates, privacy protection"),
  backlinks: unknownWhenAbsent(
    z.strictObject({
      referring_domains: unknownWhenAbsent(z.int().min(0)),
      total: unknownWhenAbsent(z.int().min(0)),
      authority: unknownWhenAbsent(z.int().min(0).max(100)),
    }),
  ).describe("Backlinks: referring domains, total links and authority (0-100)"),
  health: unknownWhenAbsent(domainHealthSchema).describe(
    "The latest check: HTTPS, status code, uptime and response time (the domain-checks download dates each)",
  ),
  dns: unknownWhenAbsent(
    z.strictObject({
      a: unknownWhenAbsent(z.array(z.string())),
      mx: unknownWhenAbsent(z.array(z.string())),
      ns: unknownWhenAbsent(z.array(z.string())),
    }),
  ).describe("DNS records: A, MX and NS"),
});

export const licenseSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, "Expected an id of letters, digits and dashes")
    .describe("The license's identifier in this data set"),
  brand: slug,
  regulator_code: regulatorSchema.shape.code,
  license_number: nonEmpty.describe("The number the regulator's register gives the license"),
  status: z.enum(["active", "suspended", "revoked", "expired"]),
  issued_at: isoDate.describe("Date of issue"),
  // Absent and null are one: no expiry known (a register export without the column).
  expires_at: isoDate.nullable().default(null).describe("Expiry date; null when none is known"),
  status_changed_at: isoDate
    .nullable()
    .default(null)
    .describe(
      "When a non-active status took effect; null while active, or not known (then it takes effect no later than the snapshot)",
    ),
  verticals: unknownWhenAbsent(distinctList(verticalSchema).min(1)).describe(
    "The verticals the license covers (#27); absent: every vertical its regulator licenses",
  ),
});

export const providerSchema = z.strictObject({
  slug,
  name: nonEmpty,
  founded_year: unknownWhenAbsent(z.int().min(1970).max(2100)).describe("Year the studio was founded"),
  headquarters: unknownWhenAbsent(countryCode).describe("Country of its head office (ISO 3166-1 alpha-2)"),
  website: unknownWhenAbsent(webUrl).describe("Address of its website"),
});

/** Game kinds: a closed vocabulary of the API (`/games?kind=`), so the seeds must keep to it. */
export const GAME_KINDS = ["bingo", "crash", "instant", "live", "slot", "table"] as const;

export const gameSchema = z.strictObject({
  slug,
  name: nonEmpty,
  provider: slug.describe("Slug of the game's provider (studio)"),
  kind: z.enum(GAME_KINDS).describe("Kind of game: bingo, crash, instant, live, slot or table"),
  rtp: unknownWhenAbsent(z.number().min(50).max(100)).describe("Return to player, percent"),
  volatility: unknownWhenAbsent(z.enum(["low", "medium", "high", "very_high"])).describe(
    "How unevenly the game pays out: low, medium, high or very_high",
  ),
  themes: distinctList(key).describe("Theme keys, e.g. fruits, animals, sports"),
  features: distinctList(key).describe("Feature keys, e.g. side_bets, free_spins"),
  released_at: isoDate.describe("Release date"),
});

/** One sighting of a game in a casino lobby: the brand's lobby in a country, at a position (1 = first). */
export const lobbyObservationSchema = z.strictObject({
  brand: slug,
  game: slug,
  country: countryCode,
  observed_at: isoDate,
  position: z.int().min(1),
});

export const demandRowSchema = z.strictObject({
  brand: slug,
  country: countryCode,
  period,
  // Absent = the brand's keywords over all its verticals (#27); null rather than undefined so that the key has a value.
  vertical: unknownWhenAbsent(verticalSchema).describe(
    "The vertical the brand's keywords are of (betting = sportsbook); absent: all its verticals",
  ),
  // Required, and null only as the explicit marker: an outage is told apart from a forgotten value (#27).
  volume: z
    .int({
      error: (issue) =>
        issue.input === undefined
          ? `Missing volume: give the monthly search volume, or mark a month the brand was tracked but not measured (an outage) with ${CSV_MISSING_MEASUREMENT} in CSV or null in JSON`
          : undefined,
    })
    .min(0)
    .nullable()
    .describe("Monthly search volume of the brand's keywords; null (NA in CSV): tracked but not measured (an outage)"),
});

export const groundTruthSchema = z.strictObject({
  country: countryCode,
  regulator_code: regulatorSchema.shape.code,
  period: z
    .string()
    .regex(
      GGR_PERIOD_PATTERN,
      "Expected a reporting period: YYYY-MM, YYYY-Qn (quarter), YYYY-H1 or YYYY-H2 (half-year), or YYYY",
    )
    .describe("The reporting period: a month (YYYY-MM), quarter (YYYY-Qn), half-year (YYYY-H1, YYYY-H2) or year"),
  vertical: groundTruthVerticalSchema
    .default("total")
    .describe("The vertical the GGR is of; total (the default) for the whole market"),
  ggr: z.number().min(0).describe("Gross gaming revenue in the currency's units"),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "Expected an ISO 4217 currency code")
    .describe("Currency the regulator reports GGR in (ISO 4217)"),
});

export const tcAlertSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, "Expected an id of letters, digits and dashes")
    .describe("The alert's identifier"),
  brand: slug,
  page_type: z
    .enum(["terms", "withdrawal", "responsible_gambling"])
    .describe("The page that changed: terms, withdrawal or responsible_gambling"),
  change_type: z.enum(["new", "modified", "removed"]).describe("What happened to it: new, modified or removed"),
  // Not described here: the response schemas reuse this field for every date-time (primitives.ts).
  detected_at: isoDateTime,
  url: webUrl.describe("Address of the page"),
  summary: nonEmpty.describe("What changed, in a sentence"),
});

/**
 * Dated observations of the Trust Score's inputs (#27, docs/seed-format-design.md §5). Each reuses the
 * sub-schema of the brand or domain record it dates, so one CSV layout serves both.
 */
export const reputationObservationSchema = z.strictObject({
  brand: slug,
  observed_at: isoDate.describe("When the review site was read"),
  ...reputationSchema.shape,
});

export const paymentObservationSchema = z.strictObject({
  brand: slug,
  observed_at: isoDate.describe("When the cashier page was read"),
  payment_methods: brandSchema.shape.payment_methods,
  withdrawal_days: brandSchema.shape.withdrawal_days,
});

export const domainCheckSchema = z.strictObject({
  domain: domainSchema.shape.domain,
  ...domainHealthSchema.shape,
  checked_at: isoDate.describe("When the check ran"),
});

/** Which pages of a brand the T&C watcher reads, and since when: what its alerts are normalised by (#27). */
export const monitoringSchema = z.strictObject({
  brand: slug,
  since: isoDate.describe("The first day the pages were watched"),
  pages: distinctList(tcAlertSchema.shape.page_type)
    .min(1)
    .describe("The pages watched: terms, withdrawal, responsible_gambling"),
});

/**
 * How far a resume's contacts may be published (issue 31): everywhere, on its own card only (never in
 * lists, exports or downloads), or nowhere. Ordered from the widest to the narrowest.
 */
export const CONTACT_SCOPES = ["public", "card_only", "withheld"] as const;

/** A person's consent to the publication of their contacts, and when they gave it. */
export const consentSchema = z.strictObject({
  contacts: z.enum(CONTACT_SCOPES).describe("public, card_only or withheld"),
  given_at: isoDateTime.describe("When the consent was given or last changed"),
});

export const resumeSchema = z.strictObject({
  id: z.int().min(1).describe("The resume's identifier"),
  title: nonEmpty.describe("The resume's headline, as the person wrote it"),
  role: key.describe("Role key, e.g. media_buyer, affiliate_manager, seo"),
  verticals: distinctList(key).describe("Vertical keys the person works in, e.g. gambling, betting, crypto, nutra"),
  traffic: distinctList(key).describe("Traffic-source keys, e.g. facebook, google, seo, push"),
  seniority: z
    .enum(["junior", "middle", "senior", "lead", "head"])
    .describe("Seniority level: junior, middle, senior, lead or head"),
  skills: distinctList(nonEmpty).describe("Skills as listed on the resume, e.g. Keitaro, Google Ads"),
  experience_years: z.number().min(0).max(60).describe("Years of professional experience"),
  contact_quality: z
    .enum(["direct", "service", "none"])
    .describe(
      "How the person can be reached: direct (e-mail, Telegram or phone), service (a profile link only) or none",
    ),
  contacts: z
    .strictObject({
      email: z.email().optional(),
      telegram: z
        .string()
        .regex(/^@[A-Za-z0-9_]{3,}$/, "Expected a Telegram handle: @ then at least 3 letters, digits or underscores")
        .optional(),
      phone: z
        .string()
        .regex(/^\+[0-9 ]{7,}$/, "Expected an international phone number: + then at least 7 digits or spaces")
        .optional(),
      linkedin: webUrl.optional(),
    })
    .describe("E-mail, Telegram, phone and LinkedIn, as far as they are published"),
  source: key.describe("Where the directory found the resume, e.g. linkedin, hh, job_board"),
  language: bcp47Tag.describe("Language of the text, a BCP 47 tag (en, de, pt-BR)"),
  updated_at: isoDateTime,
  text: nonEmpty,
  consent: consentSchema.optional().describe("Absent: the build's default (--resume-contacts)"),
});

/**
 * `seeds/meta/suppressions.json` (optional, issue 31): people erased on request. Their resumes are left
 * out of everything the build publishes. E-mails and phone numbers are matched after normalising case and spacing.
 */
export const suppressionsSchema = z.strictObject({
  resume_ids: z.array(z.int().min(1)).optional(),
  emails: z.array(nonEmpty).optional(),
  phones: z.array(nonEmpty).optional(),
});

/** A phrase of a synonym group: at least one letter or digit, since punctuation only separates words. */
const synonymPhrase = nonEmpty.regex(/[\p{L}\p{N}]/u, "Expected a word or phrase with a letter or digit");

/**
 * One group of resume search synonyms (issue 33): words or phrases that mean the same to a recruiter,
 * `медиабайер` and `media buyer`; a query for one also finds the others, ranked after matches as written.
 */
export const synonymGroupSchema = z.strictObject({
  phrases: z
    .array(synonymPhrase)
    .min(2, "Expected at least two words or phrases that mean the same")
    .refine(
      (phrases) => new Set(phrases.map((phrase) => phrase.normalize("NFKD").toLowerCase())).size === phrases.length,
      "Lists the same phrase more than once (case and accents aside)",
    ),
});

export type Meta = z.infer<typeof metaSchema>;
export type Country = z.infer<typeof countrySchema>;
export type Regulator = z.infer<typeof regulatorSchema>;
export type Brand = z.infer<typeof brandSchema>;
export type Domain = z.infer<typeof domainSchema>;
export type License = z.infer<typeof licenseSchema>;
export type Provider = z.infer<typeof providerSchema>;
export type Game = z.infer<typeof gameSchema>;
export type GameKind = (typeof GAME_KINDS)[number];
export type LobbyObservation = z.infer<typeof lobbyObservationSchema>;
export type DemandRow = z.infer<typeof demandRowSchema>;
export type GroundTruth = z.infer<typeof groundTruthSchema>;
export type TcAlert = z.infer<typeof tcAlertSchema>;
export type ReputationObservation = z.infer<typeof reputationObservationSchema>;
export type PaymentObservation = z.infer<typeof paymentObservationSchema>;
export type DomainCheck = z.infer<typeof domainCheckSchema>;
export type Monitoring = z.infer<typeof monitoringSchema>;
export type Resume = z.infer<typeof resumeSchema>;
export type SynonymGroup = z.infer<typeof synonymGroupSchema>;
export type ContactScope = (typeof CONTACT_SCOPES)[number];
export type Suppressions = z.infer<typeof suppressionsSchema>;
