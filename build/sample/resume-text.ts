/**
 * Resume titles and summary texts, composed from sentence templates in English and Russian.
 * Each text draws its own intro, experience, achievements (with numbers) and closing, so no two texts
 * read the same; with the skills line a card shows beside it, it is 300–700 characters long.
 * @module
 */
import type { Person } from "./person-names.ts";
import type { Rng } from "./prng.ts";
import { CITIES, type RoleWords, TRAFFIC, VERTICALS } from "./resume-vocabulary.ts";

/** Everything a text is written from. */
export interface ResumeFacts {
  person: Person;
  role: RoleWords;
  seniority: "junior" | "middle" | "senior" | "lead" | "head";
  years: number;
  verticals: readonly string[];
  traffic: readonly string[];
  skills: readonly string[];
}

const MIN_TEXT = 300;
const MAX_TEXT = 700;
const GEOS = [
  "DE",
  "AT",
  "CH",
  "PL",
  "CZ",
  "BR",
  "MX",
  "CL",
  "PE",
  "CA",
  "AU",
  "NZ",
  "IN",
  "PH",
  "TR",
  "KZ",
  "NO",
  "FI",
  "IT",
  "ES",
  "PT",
];

const EN_PREFIX = { junior: "Junior ", middle: "", senior: "Senior ", lead: "Lead ", head: "" } as const;
const RU_PREFIX = { junior: "Младший ", middle: "", senior: "Старший ", lead: "Ведущий ", head: "" } as const;
const FIXED_ROLES = new Set(["team_lead", "head_of_affiliates"]);

/** Lower-cases a role title except acronyms ("SEO Specialist" → "SEO specialist"). */
function lowerRole(title: string): string {
  return title.replace(/\b([A-Z][a-z]+)\b/g, (w) => w.toLowerCase());
}

function list(words: readonly string[], and: string): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} ${and} ${words[words.length - 1]}`;
}

/** Lower-cases a leading Russian capital mid-sentence, but leaves acronyms alone ("SEO-специалист"). */
function lowerFirst(word: string): string {
  return /^[А-ЯЁ][а-яё]/.test(word) ? word.charAt(0).toLowerCase() + word.slice(1) : word;
}

/** Years spent in a previous job: whole years, never more than the whole experience. */
function pastYears(r: Rng, years: number): number {
  return r.int(1, Math.max(1, Math.min(4, Math.floor(years))));
}

const en = (key: string, table: Readonly<Record<string, readonly [string, string]>>) => table[key]?.[0] ?? key;
const ru = (key: string, table: Readonly<Record<string, readonly [string, string]>>) => table[key]?.[1] ?? key;

/** The resume title in the resume's language. */
export function resumeTitle(rng: Rng, f: ResumeFacts, language: "en" | "ru"): string {
  const fixed = FIXED_ROLES.has(f.role.key);
  let title: string;
  if (language === "en")
    title = fixed
      ? f.role.en
      : f.seniority === "head"
        ? `Head of ${f.role.enDept}`
        : `${EN_PREFIX[f.seniority]}${f.role.en}`;
  else
    title = fixed
      ? f.role.ru
      : f.seniority === "head"
        ? `Руководитель отдела ${f.role.ruDept}`
        : `${RU_PREFIX[f.seniority]}${lowerFirst(f.role.ru)}`;
  if (language === "ru") title = title.charAt(0).toUpperCase() + title.slice(1);
  const detail = [
    f.traffic[0] && (language === "en" ? en(f.traffic[0], TRAFFIC) : ru(f.traffic[0], TRAFFIC)),
    f.verticals[0] && (language === "en" ? en(f.verticals[0], VERTICALS) : ru(f.verticals[0], VERTICALS)),
  ].filter(Boolean);
  return rng.chance(0.4) && detail.length > 0 ? `${title} (${detail.join(", ")})` : title;
}

function yearsRu(years: number): string {
  if (!Number.isInteger(years)) return `${String(years).replace(".", ",")} года`;
  const n10 = years % 10;
  const n100 = years % 100;
  if (n10 === 1 && n100 !== 11) return `${years} год`;
  if (n10 >= 2 && n10 <= 4 && (n100 < 12 || n100 > 14)) return `${years} года`;
  return `${years} лет`;
}

/** The parts of one text: composed by `resumeText` into 300–700 characters. */
interface Parts {
  intro: string;
  experience: string;
  /** Shuffled: the first is always used, the others fill up to the target length. */
  achievements: string[];
  /** The skills line ("Stack: …"): counted in the length, not written (the skills are a field of their own). */
  tools: string;
  closing: string;
}

type Family = "buying" | "partners" | "content" | "analytics";

/** Which achievements fit a role: a content manager does not report ROI on ad spend. */
function familyOf(roleKey: string): Family {
  if (["affiliate_manager", "account_manager", "cpa_network_manager", "head_of_affiliates"].includes(roleKey))
    return "partners";
  if (roleKey === "seo" || roleKey === "content_manager") return "content";
  if (roleKey === "analyst") return "analytics";
  return "buying";
}

/** "an SEO specialist", "a PPC specialist", "an affiliate manager". */
function withArticle(phrase: string): string {
  return /^(?:[aeiou]|SEO)/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`;
}

function enParts(r: Rng, f: ResumeFacts): Parts {
  const name = `${f.person.first} ${f.person.last}`;
  const role = lowerRole(f.role.en);
  const v = f.verticals.map((k) => en(k, VERTICALS));
  const t = f.traffic.map((k) => en(k, TRAFFIC));
  const v0 = v[0] ?? "gambling";
  const t0 = t[0] ?? "paid";
  const yrs = f.years === 1 ? "1 year" : `${f.years} years`;
  const [city, , utc] = r.pick(CITIES);
  const n = pastYears(r, f.years);
  const achievements: Record<Family, string[]> = {
    buying: [
      `Scaled ${t0} campaigns from $${r.int(5, 30)}k to $${r.int(40, 250)}k monthly spend at ${r.int(18, 65)}% ROI.`,
      `Cut CPA by ${r.int(12, 45)}% by restructuring creative testing.`,
      `Kept average ROI above ${r.int(20, 60)}% for ${r.int(6, 18)} consecutive months.`,
      `Launched ${r.int(3, 12)} new GEOs, including ${list(r.sample(GEOS, 2), "and")}.`,
      `Ran ${r.int(200, 1500)} creatives a month with a ${r.int(4, 15)}% hit rate.`,
    ],
    partners: [
      `Brought in ${r.int(8, 90)} new partners generating ${r.int(150, 4000)} FTDs per month.`,
      `Grew partner revenue by ${r.int(25, 180)}% in ${r.int(6, 18)} months.`,
      `Renegotiated ${r.int(5, 40)} revenue share deals, lifting margin by ${r.int(3, 15)} points.`,
      `Launched ${r.int(3, 12)} new GEOs, including ${list(r.sample(GEOS, 2), "and")}.`,
      `Managed a portfolio of ${r.int(20, 300)} affiliates worth $${r.int(50, 900)}k a month.`,
    ],
    content: [
      `Grew organic traffic by ${r.int(40, 320)}% in ${r.int(4, 14)} months through link building and content.`,
      `Took ${r.int(15, 200)} money keywords into the top 3 in ${list(r.sample(GEOS, 2), "and")}.`,
      `Published ${r.int(20, 120)} reviews and guides a month with a team of ${r.int(2, 9)} writers.`,
      `Built ${r.int(30, 250)} links a month on a budget of $${r.int(3, 40)}k.`,
    ],
    analytics: [
      `Built reporting in ${r.pick(["SQL", "Looker Studio", "Power BI"])} that cut weekly reporting time by ${r.int(30, 80)}%.`,
      `Designed an LTV model that predicts 180-day revenue within ${r.int(5, 15)}%.`,
      `Found $${r.int(20, 400)}k of yearly budget waste through cohort analysis.`,
      `Automated ${r.int(5, 30)} partner reports with Python and SQL.`,
    ],
  };
  return {
    intro: r.pick([
      `${name}: ${role} with ${yrs} in ${list(v, "and")} affiliate marketing.`,
      `I am ${name}, ${withArticle(role)}${t.length ? ` working with ${list(t, "and")} traffic` : ""} for ${v0} offers.`,
      `${name}. ${yrs.charAt(0).toUpperCase()}${yrs.slice(1)} of hands-on experience as ${withArticle(role)} in ${list(v, "and")}.`,
    ]),
    experience: r.pick([
      `Worked in-house at a mid-size ${v0} operator, then moved to a CPA network.`,
      `Spent ${n === 1 ? "a year" : `${n} years`} at an affiliate agency covering ${list(r.sample(GEOS, 3), "and")}.`,
      `Currently part of a ${v0} product team of ${r.int(6, 40)} people.`,
      `Previously freelanced for ${r.int(3, 15)} affiliate programmes in ${v0}.`,
    ]),
    achievements: r.shuffle(achievements[familyOf(f.role.key)]),
    tools: r.pick([`Daily tools: ${f.skills.join(", ")}.`, `Stack: ${f.skills.join(", ")}.`]),
    closing: r.pick([
      `Open to remote roles; based in ${city} (UTC${utc}).`,
      "Looking for a product or agency team with transparent payouts.",
      `Available to start within ${r.pick(["a week", "two weeks", "a month", `${r.int(3, 6)} weeks`])}.`,
      "Prefer a long-term position with a revenue share component.",
    ]),
  };
}

function ruParts(r: Rng, f: ResumeFacts): Parts {
  const g = (male: string, female: string) => (f.person.female ? female : male);
  const name = `${f.person.first} ${f.person.last}`;
  const v = f.verticals.map((k) => ru(k, VERTICALS));
  const t = f.traffic.map((k) => ru(k, TRAFFIC));
  const v0 = v[0] ?? "гемблинг";
  const t0 = t[0] ?? "Facebook";
  const [, cityRu] = r.pick(CITIES);
  const where = cityRu.startsWith("на ") ? cityRu : `в ${cityRu}`;
  const role = lowerFirst(f.role.ru);
  const achievements: Record<Family, string[]> = {
    buying: [
      `${g("Масштабировал", "Масштабировала")} кампании в ${t0} с ${r.int(5, 30)} до ${r.int(40, 250)} тыс. $ в месяц при ROI ${r.int(18, 65)}%.`,
      `${g("Снизил", "Снизила")} CPA на ${r.int(12, 45)}% благодаря перестройке тестирования креативов.`,
      `${g("Держал", "Держала")} средний ROI выше ${r.int(20, 60)}% ${r.int(6, 12)} месяцев подряд.`,
      `Всё делаю ${g("сам", "сама")}: креативы, прелендинги, аналитика.`,
    ],
    partners: [
      `${g("Привлёк", "Привлекла")} ${r.int(5, 20)} новых партнёров, которые приносят ${r.int(150, 4000)} FTD в месяц.`,
      `${g("Увеличил", "Увеличила")} выручку от партнёров на ${r.int(25, 180)}% за год.`,
      `${g("Пересогласовал", "Пересогласовала")} ${r.int(5, 20)} сделок по ревшаре, маржа выросла на ${r.int(3, 15)} п. п.`,
      `Ещё веду Telegram-канал об арбитраже на ${r.int(2, 40)} тыс. подписчиков.`,
    ],
    content: [
      `${g("Увеличил", "Увеличила")} органический трафик на ${r.int(40, 320)}% за ${r.int(5, 14)} мес. за счёт контента и линкбилдинга.`,
      `${g("Вывел", "Вывела")} ${r.int(3, 40) * 5} коммерческих запросов в топ-3.`,
      `Ещё веду Telegram-канал об арбитраже на ${r.int(2, 40)} тыс. подписчиков.`,
      `Публикуем ${r.int(2, 12) * 10} обзоров в месяц; авторов в команде: ${r.int(2, 9)}.`,
    ],
    analytics: [
      `${g("Настроил", "Настроила")} отчётность в ${r.pick(["SQL", "Looker Studio", "Power BI"])}: на отчёты уходит на ${r.int(30, 80)}% меньше времени.`,
      `${g("Построил", "Построила")} LTV-модель с точностью прогноза ±${r.int(5, 15)}%.`,
      `Когортный анализ помог сэкономить ${r.int(20, 400)} тыс. $ бюджета за год.`,
      `${g("Автоматизировал", "Автоматизировала")} ${r.int(5, 20)} отчётов для партнёров на Python и SQL.`,
    ],
  };
  return {
    intro: r.pick([
      `Меня зовут ${name}, я ${role} с опытом ${yearsRu(f.years)} (${list(v, "и")}).`,
      `${name}: ${role}. Опыт в арбитраже трафика — ${yearsRu(f.years)}.`,
      `${name}. Работаю с трафиком ${list(t.length ? t : ["SEO"], "и")} на офферы (${v0}) уже ${yearsRu(f.years)}.`,
    ]),
    experience: r.pick([
      `${g("Работал", "Работала")} in-house в продукте (${v0}), затем ${g("перешёл", "перешла")} в CPA-сеть.`,
      f.years >= 2
        ? `${yearsRu(Math.max(2, pastYears(r, f.years)))} ${g("вёл", "вела")} гео ${list(r.sample(GEOS, 3), "и")} в арбитражной команде.`
        : `${g("Вёл", "Вела")} гео ${list(r.sample(GEOS, 2), "и")} в арбитражной команде.`,
      `Сейчас работаю в продуктовой команде из ${r.int(5, 20)} человек.`,
    ]),
    achievements: r.shuffle(achievements[familyOf(f.role.key)]),
    tools: r.pick([`Инструменты: ${f.skills.join(", ")}.`, `Стек: ${f.skills.join(", ")}.`]),
    closing: r.pick([
      `Ищу удалённую работу; сейчас нахожусь ${where}.`,
      `${g("Готов", "Готова")} приступить через ${r.int(1, 4)} нед.`,
      "Рассматриваю долгосрочное сотрудничество с процентом от прибыли.",
    ]),
  };
}

/**
 * The summary text: intro and one achievement always; experience, more achievements and a closing
 * line are added in random order until a random target length is reached. Lengths count the skills
 * line a card shows beside the text, which the text does not repeat: the skills are a field of their
 * own, searched as such.
 * Targets sit just above 300 characters for most resumes (the file must stay small) and reach
 * towards 700 for some senior ones.
 */
export function resumeText(rng: Rng, f: ResumeFacts, language: "en" | "ru"): string {
  const p = language === "en" ? enParts(rng, f) : ruParts(rng, f);
  const senior = f.seniority === "lead" || f.seniority === "head";
  const target = senior && rng.chance(0.25) ? rng.int(450, MAX_TEXT - 50) : rng.int(MIN_TEXT, 320);
  const [first, ...more] = p.achievements;
  const chosen = { experience: false, closing: false, achievements: first ? [first] : [] };
  const render = (tools: string) =>
    [p.intro, chosen.experience ? p.experience : "", ...chosen.achievements, tools, chosen.closing ? p.closing : ""]
      .filter(Boolean)
      .join(" ");
  const length = () => render(p.tools).length;
  const optional = rng.shuffle<() => void>([
    () => (chosen.experience = true),
    () => (chosen.closing = true),
    ...more.map((a) => () => chosen.achievements.push(a)),
  ]);
  for (const add of optional) {
    if (length() >= target) break;
    add();
  }
  // A long skill list can overshoot: drop extra achievements until the text fits.
  while (length() > MAX_TEXT && chosen.achievements.length > 1) chosen.achievements.pop();
  const text = render("");
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1).trimEnd()}…` : text;
}
