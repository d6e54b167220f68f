/**
 * Invented words and slugs: the raw material of every fictional brand, studio and game name.
 * Names are built from made-up syllables so that they do not name real companies; a blocklist
 * of real operator and studio names, and a list of real words (famous trademarks and people,
 * short operator names) catch the rare syllable combination that does.
 * @module
 */
import type { Rng } from "./prng.ts";

const ONSETS = [
  "b",
  "br",
  "c",
  "d",
  "dr",
  "f",
  "g",
  "gr",
  "k",
  "l",
  "m",
  "n",
  "p",
  "r",
  "s",
  "st",
  "t",
  "tr",
  "v",
  "z",
  "qu",
  "fl",
  "j",
];
const VOWELS = ["a", "e", "i", "o", "u", "a", "o", "e", "i", "a", "io", "ai"];
const CODAS = ["n", "r", "x", "l", "s", "m", "z", "nd"];

/**
 * Real gambling brands and studios (compacted: lower-case letters and digits only).
 * An invented name that contains one of them is rejected.
 */
const REAL_NAMES = [
  "casumo",
  "leovegas",
  "betsson",
  "unibet",
  "betway",
  "bwin",
  "netbet",
  "betsafe",
  "nordicbet",
  "rizk",
  "wildz",
  "dunder",
  "karamba",
  "mrgreen",
  "bethard",
  "betano",
  "stake",
  "roobet",
  "bitstarz",
  "betfair",
  "ladbrokes",
  "coral",
  "paddypower",
  "williamhill",
  "betvictor",
  "pokerstars",
  "partypoker",
  "ggpoker",
  "kambi",
  "bet365",
  "tipico",
  "bovada",
  "fanduel",
  "draftkings",
  "betmgm",
  "caesars",
  "pinnacle",
  "marathon",
  "parimatch",
  "melbet",
  "mostbet",
  "pinup",
  "vavada",
  "joycasino",
  "playamo",
  "bitcasino",
  "betclic",
  "winamax",
  "snai",
  "sisal",
  "lottomatica",
  "goldbet",
  "codere",
  "kaizen",
  "videoslots",
  "slottica",
  "fezbet",
  "casinia",
  "luckydays",
  "casinodays",
  "jackpotcity",
  "spinpalace",
  "royalvegas",
  "rubyfortune",
  "royalpanda",
  "verajohn",
  "betrivers",
  "pointsbet",
  "betsul",
  "sportingbet",
  "betfred",
  "skybet",
  "grosvenor",
  "genting",
  "netent",
  "microgaming",
  "playtech",
  "yggdrasil",
  "quickspin",
  "thunderkick",
  "betsoft",
  "habanero",
  "spinomenal",
  "wazdan",
  "endorphina",
  "bgaming",
  "booming",
  "kalamba",
  "gamomat",
  "merkur",
  "novomatic",
  "evoplay",
  "playson",
  "redtiger",
  "relax",
  "hacksaw",
  "nolimit",
  "pushgaming",
  "blueprint",
  "isoftbet",
  "amatic",
  "belatra",
  "igrosoft",
  "spribe",
  "smartsoft",
  "tomhorn",
  "platipus",
  "mascot",
  "gameart",
  "fugaso",
  "betgames",
  "ezugi",
  "pragmatic",
  "evolution",
  "onlyplay",
  "truelab",
  "avatarux",
  "aristocrat",
  "konami",
  "greentube",
  "elk",
  "igt",
  "egt",
  "stakelogic",
  "realistic",
  "slotmill",
  "bally",
  "wms",
  "everi",
  "apricot",
  "gamesglobal",
  "inspired",
  "bluprint",
  "lightning",
  "crazytime",
  // Brands and studios that the syllables can spell whole ("Nomini", "Rabona", "Zitro").
  "nomini",
  "rabona",
  "betamo",
  "mirax",
  "genesis",
  "zotabet",
  "velobet",
  "rivalo",
  "galerabet",
  "novibet",
  "retabet",
  "mobilbet",
  "vegaz",
  "librabet",
  "kometa",
  "casibom",
  "jojobet",
  "sekabet",
  "pusulabet",
  "perabet",
  "dafabet",
  "paripesa",
  "megapari",
  "pixbet",
  "superbet",
  "stoiximan",
  "sportingbet",
  "fonbet",
  "winline",
  "betcity",
  "betboom",
  "favbet",
  "kiron",
  "zitro",
  "caleta",
  "felixgaming",
  "digitain",
  "vibragaming",
  "vibra",
  "pariplay",
  "pateplay",
  "popiplay",
  "gamzix",
  "zeusplay",
];

/**
 * Whole words no invented word may be, though they may occur inside one: short operator and studio
 * names and the stems of joined ones ("Gala", "Jili", "Ramen" of Ramenbet), world-famous trademarks
 * ("Nike", "Rolex") and people known by one name ("Pelé", "Putin"), as the syllables happen to spell them.
 */
const REAL_WORDS = new Set([
  "gala",
  "toto",
  "pari",
  "zula",
  "dara",
  "modo",
  "gama",
  "jili",
  "tada",
  "naga",
  "fazi",
  "vela",
  "vivo",
  "vave",
  "sega",
  "leon",
  "ramen",
  "dafa",
  "jojo",
  "seka",
  "pera",
  "novi",
  "reta",
  "velo",
  "zota",
  "libra",
  "mobil",
  "pate",
  "popi",
  "pusula",
  "beter",
  "felix",
  "galera",
  "pixbet",
  "nike",
  "puma",
  "fila",
  "lada",
  "zara",
  "lego",
  "bata",
  "casio",
  "canon",
  "nikon",
  "rolex",
  "lenovo",
  "subaru",
  "suzuki",
  "tata",
  "bose",
  "visa",
  "jeton",
  "meta",
  "jira",
  "solana",
  "monero",
  "rakuten",
  "lazada",
  "danone",
  "mizuno",
  "mikasa",
  "joma",
  "fifa",
  "dota",
  "mario",
  "tetris",
  "migros",
  "metro",
  "tudor",
  "rado",
  "pagani",
  "kamaz",
  "zanax",
  "bono",
  "dido",
  "sade",
  "mika",
  "gaga",
  "lulu",
  "pele",
  "kaka",
  "zico",
  "zidane",
  "figo",
  "nadal",
  "pedri",
  "gavi",
  "rodri",
  "koke",
  "lukaku",
  "ramos",
  "tevez",
  "cavani",
  "zola",
  "kobe",
  "maluma",
  "timati",
  "loboda",
  "putin",
  "lenin",
  "stalin",
  "biden",
  "modi",
  "nero",
  "dali",
  "rodin",
  "lula",
  "peron",
  "tito",
  "zuma",
  "tinubu",
  "kagame",
  "maduro",
  "milan",
  "roma",
  "napoli",
  "lazio",
  "sevilla",
  "porto",
  "lille",
  "monaco",
]);

/** The compact form used for blocklist checks and domain stems: lower-case ASCII letters and digits. */
export function compact(text: string): string {
  return toAscii(text)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/**
 * Substrings no invented word may contain: random syllables can spell slurs and obscenities.
 * Checked on invented words only; the curated vocabularies ("Grapes", "Midnight") are safe by construction.
 */
const OFFENSIVE = [
  "nazi",
  "nig",
  "fag",
  "rape",
  "porn",
  "sex",
  "shit",
  "cum",
  "dick",
  "cunt",
  "tit",
  "anus",
  "piss",
  "slut",
  "whore",
  "hitler",
  "isis",
  "jihad",
  "kill",
  "fuc",
  "fuk",
  "kkk",
  "poo",
];

/** True when the text would spell a real brand or studio name. */
export function isBlocked(text: string): boolean {
  const c = compact(text);
  return REAL_NAMES.some((name) => (name.length >= 5 ? c.includes(name) : c === name));
}

function isOffensive(word: string): boolean {
  const c = word.toLowerCase();
  return OFFENSIVE.some((w) => c.includes(w));
}

const SPECIAL_LETTERS: Record<string, string> = {
  ø: "o",
  Ø: "O",
  ł: "l",
  Ł: "L",
  ß: "ss",
  æ: "ae",
  Æ: "Ae",
  đ: "d",
  ı: "i",
};

/** Strips diacritics (é → e, ø → o) so names become ASCII for slugs, e-mail addresses and handles. */
export function toAscii(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[øØłŁßæÆđı]/g, (ch) => SPECIAL_LETTERS[ch] ?? ch);
}

/** A lower-case slug (`a-z`, `0-9`, single dashes) of a display name. */
export function slugify(text: string): string {
  return toAscii(text)
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/'/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Capitalises the first letter. */
export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A pronounceable invented word of 2–3 syllables, capitalised, such as "Velmora" or "Quorix". */
export function inventedWord(rng: Rng, minSyllables = 2, maxSyllables = 3): string {
  for (;;) {
    const count = rng.int(minSyllables, maxSyllables);
    let word = "";
    for (let i = 0; i < count; i++) {
      // Open syllables with an occasional final consonant keep words short and pronounceable ("Velmora", "Quorix").
      word += rng.pick(ONSETS) + rng.pick(VOWELS);
      if (i === count - 1 && rng.chance(0.55)) word += rng.pick(CODAS);
    }
    if (
      word.length >= 4 &&
      word.length <= 9 &&
      !/(.)\1/.test(word) &&
      !isBlocked(word) &&
      !REAL_WORDS.has(word) &&
      !isOffensive(word)
    )
      return capitalize(word);
  }
}

/**
 * Draws names until one has an unused slug: `make` proposes a display name; after `tries`
 * collisions a numeric suffix makes it unique (for the large scales where word space runs out).
 */
export function uniqueName(make: () => string, used: Set<string>, tries = 25): { name: string; slug: string } {
  let name = make();
  for (let i = 0; i < tries && (used.has(slugify(name)) || isBlocked(name)); i++) name = make();
  // A blocked name cannot be fixed by a suffix, so redraw until the name is clean (blocked draws are rare).
  while (isBlocked(name)) name = make();
  const base = name;
  let slug = slugify(name);
  for (let n = 2; used.has(slug); n++) {
    name = `${base} ${n}`;
    slug = slugify(name);
  }
  used.add(slug);
  return { name, slug };
}

/** Code-unit string order: unlike localeCompare it cannot vary with the ICU build or locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
