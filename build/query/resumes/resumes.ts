/**
 * `/resumes` (the paginated, filtered, searchable list) and `/resumes/export` (the same page as
 * NDJSON, one full resume per line, produced lazily so the host streams it).
 * @module
 */
import type { Endpoint } from "../endpoint.ts";
import { envelope } from "../envelope.ts";
import { fullResume, resumeListItem } from "./resume-records.ts";
import { exportKeySpace, listKeySpace } from "./resume-key-space.ts";
import { normaliseResumeParams, RESUME_LIST_PARAMS, selectResumes } from "./resume-selection.ts";
import { resumeExportLine, resumesResponse } from "../../response-schemas/resumes.ts";

export const resumesEndpoint: Endpoint = {
  id: "resumes.list",
  service: "resumes",
  path: "/resumes",
  summary:
    "Paginated resume list: full-text search, filters by role, vertical, traffic, seniority, skill, contacts, source and update date; sort by date, experience or relevance",
  format: "json",
  response: resumesResponse,
  params: RESUME_LIST_PARAMS,
  validate: normaliseResumeParams,
  run: (context, { params }) => {
    const { rows, pagination, sort, order, searched } = selectResumes(context, params);
    const data = rows.map((row) => resumeListItem(row.resume, searched ? row.score : undefined));
    return { kind: "json", body: envelope(context, "resumes", data, { sort, order }, pagination), pagination };
  },
  keySpace: listKeySpace,
};

export const resumeExportEndpoint: Endpoint = {
  id: "resumes.export",
  service: "resumes",
  path: "/resumes/export",
  summary:
    "The same page as /resumes as NDJSON (application/x-ndjson): one full resume (with contacts and text) per line, streamed; Link and X-Total-Count headers",
  format: "ndjson",
  response: resumeExportLine,
  params: RESUME_LIST_PARAMS,
  validate: normaliseResumeParams,
  run: (context, { params }) => {
    const { rows, pagination, searched } = selectResumes(context, params);
    return {
      kind: "ndjson",
      pagination,
      // A generator: each line's object is made only when the host asks for it.
      lines: function* () {
        for (const row of rows) yield fullResume(row.resume, searched ? row.score : undefined);
      },
    };
  },
  keySpace: exportKeySpace,
};
