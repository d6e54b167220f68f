/**
 * Releases of the downloads (issue 34). Each build publishes its downloads twice: at `/downloads/<file>`
 * (the current release, as before) and in `/downloads/<release>/`, with its own datapackage.json,
 * CITATION.cff and, after the first, changes.json. Earlier releases, read back from the previous output or
 * `--archive`, are carried forward byte for byte (the incremental rebuild hard-links them), unless the
 * current rules must rewrite them (release-rewrite.ts); `/downloads/releases.json` lists them all.
 * @module
 */
import { createHash } from "node:crypto";
import type { Dataset } from "../compute/dataset.ts";
import { releaseName, type EarlierRelease, type ReleaseEntry, type ReleaseFile } from "../compute/releases.ts";
import type { SiteFile, SiteProducer } from "../output-format/site-files.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { bulkDownloads, DOWNLOAD_FORMATS, DOWNLOADS_DIR, downloadLocation } from "./bulk-downloads.ts";
import { CITATION_FILE, citationCff } from "./citation.ts";
import { DATA_PACKAGE_FILE, dataPackage, releaseUrl } from "./data-package.ts";
import { ARCHIVE_FILE, downloadArchive } from "./download-archive.ts";
import { downloadContentType } from "./download-content-types.ts";
import { DOWNLOAD_TABLES } from "./download-tables.ts";
import { RELEASES_FILE, type ReleaseListing } from "./release-archive.ts";
import { releaseChanges, type ReleaseChanges } from "./release-changes.ts";
import { applyCurrentRules } from "./release-rewrite.ts";

/** The changes file of a release after the first. */
export const CHANGES_FILE = "changes.json";
const JSON_TYPE = "application/json; charset=utf-8";

/** Every release this build publishes: the current one first, then those kept, newest first. */
export interface ReleaseSet {
  current: ReleaseEntry;
  /** The current release's files, by name. */
  files: ReadonlyMap<string, Buffer>;
  kept: EarlierRelease[];
  /** Against the newest kept release; absent for the first. */
  changes?: ReleaseChanges;
  listing: ReleaseListing;
}

/** The earlier releases this build keeps: not the current one again, newest first, within `keep`. */
export function keptReleases(context: EngineContext): EarlierRelease[] {
  const name = releaseName(context.dataset.meta);
  const earlier = (context.releases?.earlier ?? []).filter((release) => release.entry.name !== name);
  const newestFirst = [...earlier].sort((a, b) =>
    a.entry.snapshot < b.entry.snapshot
      ? 1
      : a.entry.snapshot > b.entry.snapshot
        ? -1
        : a.entry.name < b.entry.name
          ? 1
          : -1,
  );
  const keep = context.releases?.keep;
  return keep === undefined ? newestFirst : newestFirst.slice(0, Math.max(0, keep - 1));
}

function fileEntry(name: string, bytes: Buffer): ReleaseFile {
  return { name, bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
}

function jsonBytes(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value)}\n`);
}

async function makeReleaseSet(context: EngineContext): Promise<ReleaseSet> {
  const { meta } = context.dataset;
  const name = releaseName(meta);
  const downloads = await bulkDownloads(context);
  const files = new Map<string, Buffer>(
    downloads.flatMap((download) => download.files.map((file) => [file.fileName, file.body] as const)),
  );
  files.set(DATA_PACKAGE_FILE, jsonBytes(dataPackage(context, downloads)));
  files.set(CITATION_FILE, Buffer.from(citationCff(context)));
  const kept = await Promise.all(keptReleases(context).map((release) => applyCurrentRules(release, context, name)));
  const previous = kept[0];
  const changes =
    previous === undefined
      ? undefined
      : releaseChanges(name, { name: previous.entry.name, files: previous.files }, DOWNLOAD_TABLES, files);
  if (changes !== undefined) files.set(CHANGES_FILE, jsonBytes(changes));
  files.set(ARCHIVE_FILE, await downloadArchive(name, meta.snapshot_at, files));
  const entries = [...files].map(([file, bytes]) => fileEntry(file, bytes));
  const current: ReleaseEntry = {
    name,
    snapshot: meta.snapshot_at,
    created: meta.snapshot_at,
    url: releaseUrl(context),
    files: entries,
    bytes: entries.reduce((sum, file) => sum + file.bytes, 0),
  };
  return {
    current,
    files,
    kept,
    ...(changes === undefined ? {} : { changes }),
    listing: { current: name, releases: [current, ...kept.map((release) => release.entry)] },
  };
}

const memo = new WeakMap<Dataset, Promise<ReleaseSet>>();

/** The releases of the context's dataset, made once and shared by the producers and the build summary. */
export function releaseSet(context: EngineContext): Promise<ReleaseSet> {
  let set = memo.get(context.dataset);
  if (set === undefined) memo.set(context.dataset, (set = makeReleaseSet(context)));
  return set;
}

function releaseFile(release: string, file: string, body: Promise<Buffer>): SiteFile {
  return {
    urlPath: `/${DOWNLOADS_DIR}/${release}/${file}`,
    file: `${DOWNLOADS_DIR}/${release}/${file}`,
    contentType: downloadContentType(file),
    body,
  };
}

/** `/downloads/releases.json`, `/downloads/CITATION.cff`, the archive of all, and every file of every release kept. */
export const releasesProducer: SiteProducer = (context) => {
  const set = releaseSet(context);
  const name = releaseName(context.dataset.meta);
  const kept = keptReleases(context);
  const currentNames = [
    ...DOWNLOAD_TABLES.flatMap((table) => DOWNLOAD_FORMATS.map((format) => downloadLocation(table, format).fileName)),
    DATA_PACKAGE_FILE,
    CITATION_FILE,
    ...(kept.length > 0 ? [CHANGES_FILE] : []),
    ARCHIVE_FILE,
  ];
  const files: SiteFile[] = [
    {
      urlPath: `/${DOWNLOADS_DIR}/${RELEASES_FILE}`,
      file: `${DOWNLOADS_DIR}/${RELEASES_FILE}`,
      contentType: JSON_TYPE,
      body: set.then((made) => jsonBytes(made.listing)),
    },
    ...[CITATION_FILE, ARCHIVE_FILE].map((file) => ({
      urlPath: `/${DOWNLOADS_DIR}/${file}`,
      file: `${DOWNLOADS_DIR}/${file}`,
      contentType: downloadContentType(file),
      body: set.then((made) => made.files.get(file)!),
    })),
    ...currentNames.map((file) =>
      releaseFile(
        name,
        file,
        set.then((made) => made.files.get(file)!),
      ),
    ),
  ];
  kept.forEach((release, at) => {
    for (const file of release.files.keys())
      files.push(
        releaseFile(
          release.entry.name,
          file,
          set.then((made) => made.kept[at]!.files.get(file)!),
        ),
      );
  });
  return files;
};
