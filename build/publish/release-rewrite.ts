/**
 * The rules of the current build applied to a kept release (issues 31 and 34): a person erased since is
 * removed from its resumes file, and contacts that the current rule no longer lets downloads carry are
 * taken out. A release that needs neither stays byte-identical; one that does is rewritten: its resumes
 * in every format it has (gzip NDJSON, CSV, Parquet), its data package's sizes and hashes and its archive
 * of all, and its listing says so (without naming anyone).
 * @module
 */
import { createHash } from "node:crypto";
import { redactContacts } from "../compute/redact-contacts.ts";
import type { ResumeRecord } from "../compute/resume-contacts.ts";
import type { EarlierRelease, ReleaseFile } from "../compute/releases.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { downloadFile, tabularFiles, toNdjson, type DownloadFile } from "./bulk-downloads.ts";
import { DATA_PACKAGE_FILE } from "./data-package.ts";
import { ARCHIVE_FILE, downloadArchive } from "./download-archive.ts";
import { DOWNLOAD_TABLES, downloadFileName, type DownloadRecord } from "./download-tables.ts";
import { fieldSources } from "./download-field-sources.ts";
import { describeFields } from "./field-descriptions.ts";
import { gzipDeterministic } from "./gzip-deterministic.ts";
import { downloadRecords } from "./release-changes.ts";
import { inferTableSchema, type TableSchema } from "./table-schema.ts";

const RESUMES_FILE = downloadFileName("resumes");
const RESUMES_TABLE = DOWNLOAD_TABLES.find((table) => table.name === "resumes")!;

interface PackageResource {
  path?: string;
  bytes?: number;
  hash?: string;
  schema?: TableSchema;
  formats?: { path?: string; bytes?: number; hash?: string }[];
}

interface ResumeLine {
  id: number;
  contacts: Record<string, string | undefined>;
  text: string;
  has_contacts?: boolean;
  contact_quality?: string;
}

/** The line as the current rule lets a download show it; the same object when it may stay. */
function narrowed(
  line: ResumeLine,
  context: EngineContext,
  currentById: ReadonlyMap<number, ResumeRecord>,
): ResumeLine {
  if (Object.keys(line.contacts).length === 0) return line;
  const { site } = context.dataset;
  const current = currentById.get(line.id);
  // Contacts stay where the rule is public and the person, if still listed, still publishes them in downloads.
  const allowed =
    site.resume_contacts === "public" &&
    (current === undefined || (current.card_only !== true && Object.keys(current.contacts).length > 0));
  if (allowed) return line;
  const withheld =
    site.resume_contacts === "withheld" || (current !== undefined && Object.keys(current.contacts).length === 0);
  return {
    ...line,
    ...(withheld ? { has_contacts: false, contact_quality: "none" } : {}),
    contacts: {},
    text: redactContacts(line.text, line.contacts),
  };
}

function fileEntry(name: string, bytes: Buffer): ReleaseFile {
  return { name, bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** The release as the current build may keep it: itself, or rewritten. */
export async function applyCurrentRules(
  release: EarlierRelease,
  context: EngineContext,
  rewrittenBy: string,
): Promise<EarlierRelease> {
  const body = release.files.get(RESUMES_FILE);
  if (body === undefined || context.releases === undefined) return release;
  const { erased } = context.releases;
  const lines = downloadRecords(body) as unknown as ResumeLine[];
  const kept = lines.filter((line) => !erased(line));
  const currentById = new Map(context.dataset.resumes.map((resume) => [resume.id, resume]));
  const shown = kept.map((line) => narrowed(line, context, currentById));
  const removed = lines.length - kept.length;
  const narrowedCount = shown.filter((line, at) => line !== kept[at]).length;
  if (removed === 0 && narrowedCount === 0) return release;
  const files = new Map(release.files);
  const pkgBytes = files.get(DATA_PACKAGE_FILE);
  const pkg =
    pkgBytes === undefined ? undefined : (JSON.parse(pkgBytes.toString("utf8")) as { resources?: PackageResource[] });
  const resource = pkg?.resources?.find((candidate) => candidate.path === RESUMES_FILE);
  // The rewritten files: each format the release has (one made before CSV and Parquet has only the NDJSON).
  const records = shown as unknown as DownloadRecord[];
  const remade: DownloadFile[] = [
    downloadFile(RESUMES_TABLE, "ndjson", await gzipDeterministic(toNdjson(shown))),
    // The columns the release's own schema gives, so the CSV keeps its header.
    ...tabularFiles(
      RESUMES_TABLE,
      records,
      resource?.schema ?? describeFields(inferTableSchema(records), fieldSources(RESUMES_TABLE.name)),
    ),
  ].filter((file) => files.has(file.fileName));
  for (const file of remade) files.set(file.fileName, file.body);
  if (pkg !== undefined && resource !== undefined) {
    const resumes = remade[0]!;
    resource.bytes = resumes.bytes;
    resource.hash = `sha256:${resumes.sha256}`;
    for (const format of resource.formats ?? []) {
      const file = remade.find((candidate) => candidate.fileName === format.path);
      if (file === undefined) continue;
      format.bytes = file.bytes;
      format.hash = `sha256:${file.sha256}`;
    }
    files.set(DATA_PACKAGE_FILE, Buffer.from(`${JSON.stringify(pkg)}\n`));
  }
  if (files.has(ARCHIVE_FILE))
    files.set(ARCHIVE_FILE, await downloadArchive(release.entry.name, release.entry.snapshot, files));
  const reasons = [
    removed > 0 ? `${removed} ${removed === 1 ? "resume" : "resumes"} erased on request` : "",
    narrowedCount > 0
      ? `contacts of ${narrowedCount} ${narrowedCount === 1 ? "resume" : "resumes"} removed under the contact rule in force`
      : "",
  ].filter(Boolean);
  const note = `Rewritten by release ${rewrittenBy}: ${reasons.join("; ")}.`;
  const entries = release.entry.files.map((file) =>
    files.has(file.name) ? fileEntry(file.name, files.get(file.name)!) : file,
  );
  const rewritten = [release.entry.rewritten, note].filter(Boolean).join(" ");
  return {
    files,
    entry: { ...release.entry, files: entries, bytes: entries.reduce((sum, file) => sum + file.bytes, 0), rewritten },
  };
}
