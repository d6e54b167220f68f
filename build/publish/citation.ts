/**
 * How to cite the current release (issue 34): a sentence, BibTeX and CITATION.cff, each with the release's
 * URL and snapshot.
 * @module
 */
import { releaseName } from "../compute/releases.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { releaseUrl } from "./data-package.ts";
import { packageLicense } from "../shared/license.ts";

/** The CITATION.cff download's file name. */
export const CITATION_FILE = "CITATION.cff";

interface CitationFacts {
  title: string;
  release: string;
  snapshot: string;
  url: string;
  year: string;
  contact: string;
}

function factsOf(context: EngineContext): CitationFacts {
  const { meta } = context.dataset;
  return {
    title: `${meta.dataset.name} and ${meta.resumes.name}`,
    release: releaseName(meta),
    snapshot: meta.snapshot_at,
    url: releaseUrl(context),
    year: new Date(meta.snapshot_at).toISOString().slice(0, 4),
    contact: meta.contact,
  };
}

/** The citation as a sentence. */
export function citationText(context: EngineContext): string {
  const facts = factsOf(context);
  return `${facts.title}, release ${facts.release} (snapshot ${facts.snapshot}), ${facts.year}. ${facts.url}`;
}

/** The citation as a BibTeX entry (braces in the seed texts escaped). */
export function citationBibtex(context: EngineContext): string {
  const facts = factsOf(context);
  const safe = (text: string) => text.replace(/[{}\\]/g, (character) => `\\${character}`);
  const key = `opendata${facts.release.replace(/[^A-Za-z0-9]/g, "")}`;
  return `@misc{${key},
  title = {${safe(facts.title)}},
  year = {${facts.year}},
  version = {${safe(facts.release)}},
  note = {Release ${safe(facts.release)}, snapshot ${facts.snapshot}},
  url = {${facts.url}}
}
`;
}

/** A YAML double-quoted scalar. */
function quoted(text: string): string {
  return JSON.stringify(text);
}

/** The CITATION.cff file (Citation File Format 1.2.0) of the current release. */
export function citationCff(context: EngineContext): string {
  const facts = factsOf(context);
  const license = packageLicense(context.dataset.meta.dataset.license).name;
  return [
    "cff-version: 1.2.0",
    'message: "If you use this data, please cite it as below."',
    "type: dataset",
    `title: ${quoted(facts.title)}`,
    `version: ${quoted(facts.release)}`,
    `date-released: ${quoted(new Date(facts.snapshot).toISOString().slice(0, 10))}`,
    `url: ${quoted(facts.url)}`,
    ...(license === undefined ? [] : [`license: ${quoted(license)}`]),
    "authors:",
    `  - name: ${quoted(context.dataset.meta.dataset.name)}`,
    `    email: ${quoted(facts.contact)}`,
    "",
  ].join("\n");
}
