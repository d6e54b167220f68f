/**
 * A seed's license text as the data package, the landing page and the OpenAPI documents name it: an Open
 * Definition identifier where one is known, and the deed's address.
 * @module
 */

/** A license entry of the descriptor (Open Definition identifier, deed URL, title). */
export interface PackageLicense {
  /** Absent when the seed text has nothing to make an identifier of. */
  name?: string;
  path?: string;
  title: string;
}

/** Open Definition identifiers and deeds of the licenses the seeds may name. */
const KNOWN_LICENSES: Record<string, Required<PackageLicense>> = {
  "CC BY 4.0": {
    name: "CC-BY-4.0",
    path: "https://creativecommons.org/licenses/by/4.0/",
    title: "Creative Commons Attribution 4.0",
  },
  "CC0 1.0": { name: "CC0-1.0", path: "https://creativecommons.org/publicdomain/zero/1.0/", title: "CC0 1.0" },
};

/**
 * Seed text as an identifier the Data Package profile accepts (its name patterns are ASCII only):
 * accents dropped (`é` → `e`), every other run of characters that `outside` matches a dash. Empty when the
 * text has none of them (a Cyrillic or Chinese title).
 */
export function asciiIdentifier(text: string, outside: RegExp): string {
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
  const name = asciiIdentifier(text, /[^a-zA-Z0-9._-]+/g);
  return name === "" ? { title: text } : { name, title: text };
}
