/**
 * The Frictionless Data Package descriptor of the bulk downloads (`/downloads/datapackage.json`):
 * license, sources, and per resource its path, format, size, hash and table schema (none for a table without records).
 * @module
 */
import { releaseName } from "../compute/releases.ts";
import type { Meta } from "../load/schemas.ts";
import { contactRuleText } from "../query/resumes/contact-rule.ts";
import type { EngineContext } from "../query/endpoint.ts";
import type { BulkDownload, DownloadFile } from "./bulk-downloads.ts";
import { CSV_LINE_TERMINATOR, CSV_MEDIA_TYPE } from "./csv-table.ts";
import { PARQUET_MEDIA_TYPE } from "./parquet-table.ts";
import { asciiIdentifier, packageLicense } from "../shared/license.ts";

/** The descriptor's file name in the downloads folder. */
export const DATA_PACKAGE_FILE = "datapackage.json";
/** The media type of each resource's data once decompressed. */
export const NDJSON_MEDIA_TYPE = "application/x-ndjson";

/** A package name: lower-case ASCII letters, digits and dashes; empty when the title has none. */
export function packageName(title: string): string {
  return asciiIdentifier(title.toLowerCase(), /[^a-z0-9]+/g);
}

function sourceOf(meta: Meta, service: "dataset" | "resumes") {
  return { title: `${meta[service].name}: ${meta[service].source}`, path: meta[service].attribution };
}

/**
 * A resource's description; a synthetic sample's says so first, as the package's does, since a
 * resource is often read alone and some descriptions name real sources ("the regulators' public registers").
 */
function resourceDescription(meta: Meta, description: string): string {
  return meta.synthetic
    ? `SYNTHETIC sample: fictional records from a seeded generator, no real source. ${description}`
    : description;
}

/** The CSV dialect of every CSV download (Frictionless CSV Dialect): RFC 4180 with a header line. */
export const CSV_DIALECT = {
  delimiter: ",",
  lineTerminator: CSV_LINE_TERMINATOR,
  quoteChar: '"',
  doubleQuote: true,
  header: true,
};

/**
 * One format of a resource in its `formats` list (issue 28): the resource's own `path` is the gzip NDJSON
 * file, and this list names it again beside its CSV and Parquet twins, each with its size and hash. Table
 * Schema's own rule for a CSV file applies to all three: an object or array field holds JSON text.
 */
export function formatEntry(file: DownloadFile) {
  const common = { path: file.fileName, bytes: file.bytes, hash: `sha256:${file.sha256}` };
  if (file.format === "csv")
    return { format: "csv", mediatype: CSV_MEDIA_TYPE, encoding: "utf-8", dialect: CSV_DIALECT, ...common };
  if (file.format === "parquet") return { format: "parquet", mediatype: PARQUET_MEDIA_TYPE, ...common };
  return { format: "ndjson", compression: "gz", mediatype: NDJSON_MEDIA_TYPE, encoding: "utf-8", ...common };
}

/** The address of the current release's folder: `<base>/downloads/<release>/`. */
export function releaseUrl(context: EngineContext): string {
  return `${context.dataset.site.base_url}/downloads/${releaseName(context.dataset.meta)}/`;
}

/** The descriptor, resources in download order; paths are relative to the descriptor's folder. */
export function dataPackage(context: EngineContext, downloads: readonly BulkDownload[]) {
  const { meta } = context.dataset;
  const licenses = [
    ...new Map([meta.dataset.license, meta.resumes.license].map((text) => [text, packageLicense(text)])).values(),
  ];
  return {
    profile: "data-package",
    // Optional in the specification, and an empty name is invalid: a title without ASCII letters has none.
    ...(packageName(meta.dataset.name) === "" ? {} : { name: packageName(meta.dataset.name) }),
    title: `${meta.dataset.name} and ${meta.resumes.name}`,
    description: `${meta.dataset.description} ${meta.resumes.description}`,
    homepage: meta.dataset.attribution,
    // The release (issue 34): its name, when it was made (its snapshot, so a rebuild is byte-identical) and its folder.
    version: releaseName(meta),
    created: meta.snapshot_at,
    url: releaseUrl(context),
    licenses,
    sources: [sourceOf(meta, "dataset"), sourceOf(meta, "resumes")],
    resources: downloads.map((download) => ({
      name: download.table.name,
      path: download.fileName,
      title: download.table.title,
      description: resourceDescription(
        meta,
        download.table.service === "resumes"
          ? `${download.table.description} ${contactRuleText(context.dataset)}`
          : download.table.description,
      ),
      format: "ndjson",
      compression: "gz",
      mediatype: NDJSON_MEDIA_TYPE,
      encoding: "utf-8",
      bytes: download.bytes,
      hash: `sha256:${download.sha256}`,
      formats: download.files.map(formatEntry),
      licenses: [packageLicense(meta[download.table.service].license)],
      sources: [sourceOf(meta, download.table.service)],
      // A table without records has no field to derive, and a Table Schema needs at least one: such a
      // resource (trending and momentum of a single month of demand) is described without a schema.
      ...(download.schema.fields.length > 0 ? { schema: download.schema } : {}),
    })),
  };
}
