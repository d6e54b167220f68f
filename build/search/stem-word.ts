/**
 * Snowball stemming by language (issue 33): a word is stemmed with the stemmer of the language it is
 * written in. The resume's language decides when the word is in that language's script; otherwise (a
 * Latin skill in a Russian resume, a Cyrillic word in an English one) the main language of the word's
 * script does. Numbers and words mixing scripts are never stemmed.
 * @module
 */
import { stemmer as englishStemmer } from "@orama/stemmers/english";
import { stemmer as russianStemmer } from "@orama/stemmers/russian";

/** The scripts a stemmer is chosen by. */
export type StemScript = "latin" | "cyrillic";

/** One stemmer row: a BCP 47 language, its script and its Snowball stemmer. */
export interface StemLanguage {
  language: string;
  script: StemScript;
  stem: (word: string) => string;
}

/**
 * Every language a resume may carry (the resume schema's `language`), each with its Snowball stemmer;
 * the first row of a script is that script's main language. Adding a language is one row.
 */
export const STEM_LANGUAGES: readonly StemLanguage[] = [
  { language: "en", script: "latin", stem: englishStemmer },
  { language: "ru", script: "cyrillic", stem: russianStemmer },
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
  const own = documentLanguage === undefined ? undefined : BY_LANGUAGE.get(documentLanguage);
  return own?.script === script ? own.language : MAIN_OF_SCRIPT.get(script)?.language;
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
