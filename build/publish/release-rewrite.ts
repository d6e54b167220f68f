/**
 * The rules of the current build applied to a kept release (issues 31 and 34): a person erased since is
 * removed from its resumes file, and contacts that the current rule no longer lets downloads carry are
 * taken out. A release that needs neither stays byte-identical; one that does is rewritten, with its data
 * package's size and hash, and its listing says so (without naming anyone).
 * @module
 */
import { createHash } from "node:crypto";
import { redactContacts } from "../compute/redact-contacts.ts";
import type { ResumeRecord } from "../compute/resume-contacts.ts";
import type { EarlierRelease, ReleaseFile } from "../compute/releases.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { toNdjson } from "./bulk-downloads.ts";
import { DATA_PACKAGE_FILE } from "./data-package.ts";
import { downloadFileName } from "./download-tables.ts";
import { gzipDeterministic } from "./gzip-deterministic.ts";
import { downloadRecords } from "./release-changes.ts";

const RESUMES_FILE = downloadFileName("resumes");

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
  const resumes = await gzipDeterministic(toNdjson(shown));
  const files = new Map(release.files);
  files.set(RESUMES_FILE, resumes);
  const pkgBytes = files.get(DATA_PACKAGE_FILE);
  if (pkgBytes !== undefined) {
    const pkg = JSON.parse(pkgBytes.toString("utf8")) as {
      resources?: { path?: string; bytes?: number; hash?: string }[];
    };
    for (const resource of pkg.resources ?? []) {
      if (resource.path !== RESUMES_FILE) continue;
      resource.bytes = resumes.length;
      resource.hash = `sha256:${fileEntry(RESUMES_FILE, resumes).sha256}`;
    }
    files.set(DATA_PACKAGE_FILE, Buffer.from(`${JSON.stringify(pkg)}\n`));
  }
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
