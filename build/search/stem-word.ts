/**
 * Snowball stemming by language (issue 33): a word is stemmed with the stemmer of the language it is
 * written in. The resume's language decides when the word is in that language's script; otherwise (a
 * Latin skill in a Russian resume, a Cyrillic word in an English one) the main language of the word's
 * script does. Numbers and words mixing scripts are never stemmed.
 * @module
 */
import { stemmer as englishStemmer } from "@orama/stemmers/english";
import { stemmer as russianStemmer } from "@orama/stemmers/russian";
import { stemmer as danishStemmer } from "@orama/stemmers/danish";
import { stemmer as germanStemmer } from "@orama/stemmers/german";
import { stemmer as spanishStemmer } from "@orama/stemmers/spanish";
import { stemmer as finnishStemmer } from "@orama/stemmers/finnish";
import { stemmer as frenchStemmer } from "@orama/stemmers/french";
import { stemmer as hungarianStemmer } from "@orama/stemmers/hungarian";
import { stemmer as indonesianStemmer } from "@orama/stemmers/indonesian";
import { stemmer as italianStemmer } from "@orama/stemmers/italian";
import { stemmer as lithuanianStemmer } from "@orama/stemmers/lithuanian";
import { stemmer as dutchStemmer } from "@orama/stemmers/dutch";
import { stemmer as norwegianStemmer } from "@orama/stemmers/norwegian";
import { stemmer as portugueseStemmer } from "@orama/stemmers/portuguese";
import { stemmer as romanianStemmer } from "@orama/stemmers/romanian";
import { stemmer as swedishStemmer } from "@orama/stemmers/swedish";
import { stemmer as turkishStemmer } from "@orama/stemmers/turkish";
import { stemmer as bulgarianStemmer } from "@orama/stemmers/bulgarian";
import { stemmer as ukrainianStemmer } from "@orama/stemmers/ukrainian";

/** The scripts a stemmer is chosen by. */
export type StemScript = "latin" | "cyrillic";

/** One stemmer row: a BCP 47 language, its script and its Snowball stemmer. */
export interface StemLanguage {
  language: string;
  script: StemScript;
  stem: (word: string) => string;
}

/**
 * The languages with a Snowball stemmer (those of @orama/stemmers written in Latin or Cyrillic letters),
 * keyed by a BCP 47 primary language; the first row of a script is that script's main language. A
 * resume in a language without a row is not stemmed: it matches as written, by prefix and by typo.
 */
export const STEM_LANGUAGES: readonly StemLanguage[] = [
  { language: "en", script: "latin", stem: englishStemmer },
  { language: "ru", script: "cyrillic", stem: russianStemmer },
  { language: "da", script: "latin", stem: danishStemmer },
  { language: "de", script: "latin", stem: germanStemmer },
  { language: "es", script: "latin", stem: spanishStemmer },
  { language: "fi", script: "latin", stem: finnishStemmer },
  { language: "fr", script: "latin", stem: frenchStemmer },
  { language: "hu", script: "latin", stem: hungarianStemmer },
  { language: "id", script: "latin", stem: indonesianStemmer },
  { language: "it", script: "latin", stem: italianStemmer },
  { language: "lt", script: "latin", stem: lithuanianStemmer },
  { language: "nl", script: "latin", stem: dutchStemmer },
  { language: "no", script: "latin", stem: norwegianStemmer },
  { language: "pt", script: "latin", stem: portugueseStemmer },
  { language: "ro", script: "latin", stem: romanianStemmer },
  { language: "sv", script: "latin", stem: swedishStemmer },
  { language: "tr", script: "latin", stem: turkishStemmer },
  { language: "bg", script: "cyrillic", stem: bulgarianStemmer },
  { language: "uk", script: "cyrillic", stem: ukrainianStemmer },
];

const BY_LANGUAGE = new Map(STEM_LANGUAGES.map((row) => [row.language, row]));
const MAIN_OF_SCRIPT = new Map<StemScript, StemLanguage>();
for (const row of STEM_LANGUAGES) if (!MAIN_OF_SCRIPT.has(row.script)) MAIN_OF_SCRIPT.set(row.script, row);

const LATIN = /^\p{Script=Latin}+$/u;
const CYRILLIC = /^\p{Script=Cyrillic}+$/u;

/** The script of a folded token made of letters of one script only; undefined for numbers and mixtures (`b2b`, `seoшник`). */
export function scriptOf(token: string): StemScript | undefined {
  if (LATIN.test(token)) return "latin";
  if (CYRILLIC.test(token)) return "cyrillic";
  return undefined;
}

/**
 * The language a token of a document in `documentLanguage` is stemmed in: the document's when the token
 * is in its script, else the main language of the token's script; undefined when the token is not stemmed.
 * @example stemLanguageOf("facebook", "ru") // "en"
 */
export function stemLanguageOf(token: string, documentLanguage: string | undefined): string | undefined {
  const script = scriptOf(token);
  if (script === undefined) return undefined;
  if (documentLanguage === undefined) return MAIN_OF_SCRIPT.get(script)?.language;
  const own = BY_LANGUAGE.get(primaryLanguage(documentLanguage));
  // Its forms are unknown: stemming it as another language would join words that are not one.
  if (own === undefined) return undefined;
  return own.script === script ? own.language : MAIN_OF_SCRIPT.get(script)?.language;
}

/** A BCP 47 tag's primary language, lower-case: `pt-BR` → `pt`. */
function primaryLanguage(tag: string): string {
  return tag.split("-")[0]!.toLowerCase();
}

/** The languages a query word may be in: those of the index that write in its script (none for a number). */
export function queryStemLanguages(token: string, indexLanguages: readonly string[]): string[] {
  const script = scriptOf(token);
  return script === undefined ? [] : indexLanguages.filter((language) => BY_LANGUAGE.get(language)?.script === script);
}

/**
 * The dictionary key of a token's stem in a language, `language:stem`: the same key for every form.
 * @example stemKey("менеджеров", "ru") // "ru:менеджер"
 */
export function stemKey(token: string, language: string): string {
  const row = BY_LANGUAGE.get(language);
  if (row === undefined) throw new Error(`Internal error: no stemmer for language ${language}`);
  return `${language}:${row.stem(token)}`;
}

/**
 * A token's form key for comparing words without a document (synonym phrases): its stem key in the main
 * language of its script, or the token itself when it is not stemmed.
 * @example formKey("managers") // "en:manag"
 */
export function formKey(token: string): string {
  const language = stemLanguageOf(token, undefined);
  return language === undefined ? token : stemKey(token, language);
}
