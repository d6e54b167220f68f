/**
 * `/resumes/{id}`: one resume in full, with its contacts and full text.
 * @module
 */
import type { Endpoint } from "../endpoint.ts";
import { envelope } from "../envelope.ts";
import { cardKeySpace } from "./resume-key-space.ts";
import { findResume, fullResume, resumeCard } from "./resume-records.ts";
import { resumeCardResponse } from "../../response-schemas/resumes.ts";

export const resumeCardEndpoint: Endpoint = {
  id: "resumes.card",
  service: "resumes",
  path: "/resumes/{id}",
  summary:
    "One resume in full: the list fields plus contacts and the full text (400 for a non-integer id, 404 resume_not_found for an unknown one)",
  format: "json",
  response: resumeCardResponse,
  params: [],
  run: (context, { pathParams }) => ({
    kind: "json",
    body: envelope(context, "resumes", resumeCard(findResume(context.dataset.resumes, pathParams.id ?? ""))),
  }),
  keySpace: cardKeySpace,
  // A card may carry contacts meant for it alone: its example in the OpenAPI document shows what an export line shows.
  publicExample: (context, body) => {
    const card = body as { data: { id: number } };
    return { ...card, data: fullResume(findResume(context.dataset.resumes, String(card.data.id))) };
  },
};
