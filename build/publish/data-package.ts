/**
 * The Frictionless Data Package descriptor of the bulk downloads (`/downloads/datapackage.json`):
 * license, sources, and per resource its path, format, size, hash and table schema (none for a table without records).
 * @module
 */
import { releaseName } from "../compute/releases.ts";
import type { Meta } from "../load/schemas.ts";
import { contactRuleText } from "../query/resumes/contact-rule.ts";
import type { EngineContext } from "../query/endpoint.ts";
import type { BulkDownload } from "./bulk-downloads.ts";
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
      licenses: [packageLicense(meta[download.table.service].license)],
      sources: [sourceOf(meta, download.table.service)],
      // A table without records has no field to derive, and a Table Schema needs at least one: such a
      // resource (trending and momentum of a single month of demand) is described without a schema.
      ...(download.schema.fields.length > 0 ? { schema: download.schema } : {}),
    })),
  };
}
