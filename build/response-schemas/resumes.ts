/**
 * Response schemas of the resume directory (contract §3): the list item, the full resume (card and
 * export line) and `/stats`.
 * @module
 */
import { z } from "zod";
import { resumeSchema } from "../load/schemas.ts";
import { envelopeOf, pageOf } from "./envelope.ts";
import { count, orderEcho, perKey, sortEcho } from "./primitives.ts";

const LIST_FIELDS = {
  id: true,
  title: true,
  role: true,
  verticals: true,
  traffic: true,
  seniority: true,
  skills: true,
  experience_years: true,
  contact_quality: true,
} as const;

const listShape = {
  ...resumeSchema.pick(LIST_FIELDS).shape,
  has_contacts: z.boolean().describe("True when the resume has at least one contact"),
  source: resumeSchema.shape.source,
  updated_at: resumeSchema.shape.updated_at.describe("When the resume was last updated (ISO 8601)"),
  language: resumeSchema.shape.language,
  score: z.number().min(0).optional().describe("Relevance (4 decimals); only when the query has q"),
};

/** A resume in the list (component `ResumeListItem`). */
export const resumeListItem = z
  .strictObject(listShape)
  .meta({ id: "ResumeListItem", description: "A resume in the list" });

/** A resume in full: the list fields, its contacts and its full text (component `Resume`). */
export const fullResume = z
  .strictObject({
    ...listShape,
    contacts: resumeSchema.shape.contacts,
    text: resumeSchema.shape.text.describe("The full text"),
  })
  .meta({ id: "Resume", description: "A resume in full: the list fields, its contacts and its full text" });

const counts = z.record(z.string(), count);
/** Counts over a closed vocabulary: every value is a key, zeros included. */
const closedCounts = (values: readonly string[]) => perKey(values, count);

/** Aggregate statistics of the resume database (component `ResumeStats`). */
export const resumeStats = z
  .strictObject({
    total: count,
    with_contacts: count,
    by_role: counts.describe("Resumes per role, most first"),
    by_vertical: counts.describe("Resumes listing each vertical, most first"),
    by_traffic: counts.describe("Resumes listing each traffic source, most first"),
    by_seniority: closedCounts(resumeSchema.shape.seniority.options).describe("Resumes per seniority, every level"),
    by_contact_quality: closedCounts(resumeSchema.shape.contact_quality.options).describe(
      "Resumes per contact quality, every value",
    ),
    by_source: counts.describe("Resumes per source, most first"),
    top_skills: z
      .array(z.strictObject({ skill: z.string(), count }))
      .describe("The most listed skills (case-insensitive), most first"),
    updated_at: z.strictObject({
      min: resumeSchema.shape.updated_at.nullable(),
      max: resumeSchema.shape.updated_at.nullable(),
    }),
    experience_years: z
      .strictObject({ median: z.number().nullable(), mean: z.number().nullable() })
      .describe("4 decimals; null without resumes"),
  })
  .meta({ id: "ResumeStats", description: "Aggregate statistics of the resume database" });

/** The 200 body of `/resumes` (component `ResumesResponse`). */
export const resumesResponse = pageOf(resumeListItem, { sort: sortEcho, order: orderEcho }).meta({
  id: "ResumesResponse",
});
/** The 200 body of `/resumes/{id}` (component `ResumeResponse`). */
export const resumeCardResponse = envelopeOf(fullResume).meta({ id: "ResumeResponse" });
/** The 200 body of `/stats` (component `ResumeStatsResponse`). */
export const resumeStatsResponse = envelopeOf(resumeStats).meta({ id: "ResumeStatsResponse" });
/** One line of `/resumes/export`. */
export const resumeExportLine = fullResume;
