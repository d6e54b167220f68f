/**
 * Fictional person names for the resume sample, and the ASCII handles made from them.
 * First and last names are paired at random; a pairing that spells a well-known real person
 * ("Hugo Sánchez", "Дмитрий Киселёв") takes the next surname of the list instead. English-side
 * names include diacritics (José, Zoë, Søren) and Russian names include ё, so that search
 * normalisation is exercised by the sample.
 * @module
 */
import type { Rng } from "./prng.ts";
import { toAscii } from "./words.ts";

/** A fictional person: display name, ASCII parts for handles, and grammatical gender for Russian verbs. */
export interface Person {
  first: string;
  last: string;
  /** Lower-case ASCII first and last name, for e-mail and messenger handles. */
  asciiFirst: string;
  asciiLast: string;
  female: boolean;
}

const EN_FIRST: readonly (readonly [string, boolean])[] = [
  ["Liam", false],
  ["Olivia", true],
  ["Noah", false],
  ["Emma", true],
  ["Ethan", false],
  ["Mia", true],
  ["Lucas", false],
  ["Sofia", true],
  ["Mateo", false],
  ["Chloé", true],
  ["José", false],
  ["Zoë", true],
  ["André", false],
  ["Renée", true],
  ["Søren", false],
  ["Björn", false],
  ["Noël", false],
  ["Łukasz", false],
  ["Jürgen", false],
  ["François", false],
  ["Inês", true],
  ["Joël", false],
  ["Amara", true],
  ["Priya", true],
  ["Kenji", false],
  ["Aiko", true],
  ["Tomás", false],
  ["Lucía", true],
  ["Marek", false],
  ["Ana", true],
  ["Daniel", false],
  ["Sara", true],
  ["Jonas", false],
  ["Elif", true],
  ["Nikos", false],
  ["Petra", true],
  ["Oliver", false],
  ["Grace", true],
  ["Hugo", false],
  ["Clara", true],
  ["Felix", false],
  ["Nina", true],
  ["Arjun", false],
  ["Maya", true],
  ["Diego", false],
  ["Leila", true],
  ["Samuel", false],
  ["Hannah", true],
  ["Ines", true],
];
const EN_LAST = [
  "Hartley",
  "Okafor",
  "Lindqvist",
  "Moreau",
  "Navarro",
  "Kowalczyk",
  "Brennan",
  "Castell",
  "Vidal",
  "Haugen",
  "Marlowe",
  "Martínez",
  "Müller",
  "Nørgaard",
  "Sánchez",
  "Pérez",
  "Dvořák",
  "Šimić",
  "Ødegaard",
  "Gómez",
  "Fernández",
  "Łowicki",
  "Ashdown",
  "Pembury",
  "Calloway",
  "Redfern",
  "Thornbury",
  "Vasquez",
  "Oyelaran",
  "Tanaka",
  "Rahman",
  "Kaur",
  "Costa",
  "Novak",
  "Horvath",
  "Jansen",
  "Virtanen",
  "Andersen",
  "Keller",
  "Rossi",
  "Ferreira",
  "Whitcombe",
  "Lyle",
  "Mendes",
];
const RU_FIRST: readonly (readonly [string, boolean])[] = [
  ["Алексей", false],
  ["Дмитрий", false],
  ["Артём", false],
  ["Пётр", false],
  ["Фёдор", false],
  ["Семён", false],
  ["Иван", false],
  ["Никита", false],
  ["Максим", false],
  ["Кирилл", false],
  ["Егор", false],
  ["Михаил", false],
  ["Андрей", false],
  ["Денис", false],
  ["Алёна", true],
  ["Ольга", true],
  ["Ксения", true],
  ["Анна", true],
  ["Мария", true],
  ["Дарья", true],
  ["Екатерина", true],
  ["Полина", true],
  ["Юлия", true],
  ["Виктория", true],
  ["Наталья", true],
  ["Софья", true],
  ["Фёкла", true],
  ["Олег", false],
];
const RU_LAST = [
  "Соколов",
  "Фёдоров",
  "Ковалёв",
  "Лебедев",
  "Орлов",
  "Волков",
  "Морозов",
  "Киселёв",
  "Белов",
  "Громов",
  "Зайцев",
  "Никитин",
  "Воробьёв",
  "Семёнов",
  "Журавлёв",
  "Полозов",
  "Ершов",
  "Гусев",
  "Рябинин",
  "Щукин",
  "Тихонов",
  "Ильин",
];

/**
 * Well-known real people the random pairings can spell (footballers, athletes, presenters, singers,
 * historical figures): a drawn pair equal to one moves on to the next surname. Moving on, rather than
 * drawing again, leaves the random stream and so every other resume untouched.
 */
const REAL_PEOPLE = new Set([
  "Noah Okafor",
  "Ana Navarro",
  "Emma Navarro",
  "Hugo Sánchez",
  "Diego Costa",
  "Lucas Pérez",
  "Lucía Pérez",
  "Diego Rossi",
  "Diego Gómez",
  "Lucas Vasquez",
  "Samuel Sánchez",
  "André Gómez",
  "Diego Pérez",
  "Diego Martínez",
  "Diego Sánchez",
  "José Fernández",
  "Дмитрий Киселёв",
  "Мария Киселёва",
  "Алексей Ковалёв",
  "Юлия Волкова",
  "Екатерина Волкова",
  "Алексей Волков",
  "Екатерина Гусева",
  "Наталья Гусева",
  "Никита Гусев",
  "Олег Гусев",
  "Ольга Орлова",
  "Дмитрий Орлов",
  "Андрей Орлов",
  "Алексей Орлов",
  "Денис Лебедев",
  "Алексей Морозов",
  "Ольга Морозова",
  "Андрей Соколов",
  "Алексей Воробьёв",
  "Пётр Ершов",
  "Иван Ильин",
  "Иван Фёдоров",
  "Ольга Зайцева",
  "Михаил Громов",
  "Алексей Громов",
]);

/** True when the full name is a well-known real person's. */
export function isRealPerson(first: string, last: string): boolean {
  return REAL_PEOPLE.has(`${first} ${last}`);
}

/** The drawn surname, or the next one of the list that does not make `first` a well-known real person. */
function fictionalLast(
  first: string,
  drawn: string,
  surnames: readonly string[],
  form: (stem: string) => string,
): string {
  const start = surnames.indexOf(drawn);
  for (let i = 0; i < surnames.length; i++) {
    const last = form(surnames[(start + i) % surnames.length] ?? drawn);
    if (!isRealPerson(first, last)) return last;
  }
  throw new Error(`Internal error: every surname makes ${first} a real person`);
}

const TRANSLIT: Readonly<Record<string, string>> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  д: "d",
  е: "e",
  ё: "yo",
  ж: "zh",
  з: "z",
  и: "i",
  й: "y",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};

/** Lower-case ASCII of a Latin or Cyrillic name (Cyrillic by a simple passport-style table). */
export function asciiName(name: string): string {
  const lower = name.toLowerCase();
  let out = "";
  for (const ch of lower) out += TRANSLIT[ch] ?? ch;
  return toAscii(out).replace(/[^a-z0-9]/g, "");
}

/** A fictional English-resume person (names from many countries, some with diacritics). */
export function englishPerson(rng: Rng): Person {
  const [first, female] = rng.pick(EN_FIRST);
  const last = fictionalLast(first, rng.pick(EN_LAST), EN_LAST, (stem) => stem);
  return { first, last, asciiFirst: asciiName(first), asciiLast: asciiName(last), female };
}

/** A fictional Russian-resume person; the surname takes the feminine ending for women. */
export function russianPerson(rng: Rng): Person {
  const [first, female] = rng.pick(RU_FIRST);
  const last = fictionalLast(first, rng.pick(RU_LAST), RU_LAST, (stem) => (female ? `${stem}а` : stem));
  return { first, last, asciiFirst: asciiName(first), asciiLast: asciiName(last), female };
}
