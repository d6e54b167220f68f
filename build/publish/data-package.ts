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

/** The descriptor's file name in the downloads folder. */
export const DATA_PACKAGE_FILE = "datapackage.json";
/** The media type of each resource's data once decompressed. */
export const NDJSON_MEDIA_TYPE = "application/x-ndjson";

/** A license entry of the descriptor (Open Definition identifier, deed URL, title). */
export interface PackageLicense {
  /** Absent when the seed text has nothing to make an identifier of. */
  name?: string;
  path?: string;
  title: string;
}

/** Open Definition identifiers and deeds of the licenses the seeds may name. */
const KNOWN_LICENSES: Record<string, Required<PackageLicense>> = {
  "CC BY 4.0": { name: "CC-BY-4.0", path: "https://creativecommons.org/licenses/by/4.0/", title: "Creative Commons Attribution 4.0" },
  "CC0 1.0": { name: "CC0-1.0", path: "https://creativecommons.org/publicdomain/zero/1.0/", title: "CC0 1.0" },
};

/**
 * Seed text as an identifier the Data Package profile accepts (its name patterns are ASCII only):
 * accents dropped (`é` → `e`), every other run of characters that `outside` matches a dash. Empty when the
 * text has none of them (a Cyrillic or Chinese title).
 */
function identifier(text: string, outside: RegExp): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .replace(outside, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The package license of a seed license text (`CC BY 4.0` → `CC-BY-4.0` with the deed's URL). An unknown
 * text keeps its words as the identifier (`OGL (UK) 3.0` → `OGL-UK-3.0`), and none when it has no ASCII
 * letter or digit: a name outside `[-a-zA-Z0-9._]` makes the whole descriptor invalid.
 */
export function packageLicense(text: string): PackageLicense {
  // Own members only: a seed's text may be `constructor` or `__proto__`, which Object.prototype answers.
  const known = Object.hasOwn(KNOWN_LICENSES, text) ? KNOWN_LICENSES[text] : undefined;
  if (known !== undefined) return known;
  const name = identifier(text, /[^a-zA-Z0-9._-]+/g);
  return name === "" ? { title: text } : { name, title: text };
}

/** A package name: lower-case ASCII letters, digits and dashes; empty when the title has none. */
export function packageName(title: string): string {
  return identifier(title.toLowerCase(), /[^a-z0-9]+/g);
}

function sourceOf(meta: Meta, service: "dataset" | "resumes") {
  return { title: `${meta[service].name}: ${meta[service].source}`, path: meta[service].attribution };
}

/**
 * A resource's description; a synthetic sample's says so first, as the package's does, since a
 * resource is often read alone and some descriptions name real sources ("the regulators' public registers").
 */
function resourceDescription(meta: Meta, description: string): string {
  return meta.synthetic ? `SYNTHETIC sample: fictional records from a seeded generator, no real source. ${description}` : description;
}

/** The address of the current release's folder: `<base>/downloads/<release>/`. */
export function releaseUrl(context: EngineContext): string {
  return `${context.dataset.site.base_url}/downloads/${releaseName(context.dataset.meta)}/`;
}

/** The descriptor, resources in download order; paths are relative to the descriptor's folder. */
export function dataPackage(context: EngineContext, downloads: readonly BulkDownload[]) {
  const { meta } = context.dataset;
  const licenses = [...new Map([meta.dataset.license, meta.resumes.license].map((text) => [text, packageLicense(text)])).values()];
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
      description: resourceDescription(meta, download.table.service === "resumes" ? `${download.table.description} ${contactRuleText(context.dataset)}` : download.table.description),
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
