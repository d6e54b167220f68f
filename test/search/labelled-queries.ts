/**
 * The labelled query set of the committed sample (issue 33): queries a recruiter types, in Russian and
 * English, inflected, plural, misspelt or in the other language, each labelled by hand with the word
 * forms a resume must hold to be relevant, written from the resumes' texts and independent of any
 * stemmer. A resume is relevant when its words hold one form of every group (`need`), or of every group
 * of `or` (the synonym's side); it gains 2 when those words are in its title or skills, else 1.
 * Used by test/search/labelled-quality.test.ts and reported by `npm run bench` (scripts/bench/search-quality.ts).
 * @module
 */
import type { Resume } from "../../build/load/schemas.ts";
import { tokenize } from "../../build/search/fold-search-text.ts";
import type { SearchIndex } from "../../build/search/search-index.ts";
import { searchIndex } from "../../build/search/search-query.ts";
import type { MatchForms } from "../../build/search/word-matches.ts";

export interface LabelledQuery {
  q: string;
  kind: "inflected" | "plural" | "typo" | "synonym";
  need: string[][];
  or?: string[][];
}

const MANAGER_RU = [
  "менеджер",
  "менеджера",
  "менеджеру",
  "менеджером",
  "менеджере",
  "менеджеры",
  "менеджеров",
  "менеджерам",
  "менеджерами",
];
const ARBITRAGE_RU = ["арбитраж", "арбитража", "арбитражу", "арбитражем", "арбитраже"];
const TRAFFIC_RU = ["трафик", "трафика", "трафику", "трафиком", "трафике"];
const ANALYST_RU = ["аналитик", "аналитика", "аналитику", "аналитиком", "аналитики", "аналитиков"];
const SPECIALIST_RU = ["специалист", "специалиста", "специалисту", "специалистом", "специалисты", "специалистов"];
const MEDIA_BUYER_RU = ["медиабайер", "медиабайера", "медиабайеру", "медиабайером", "медиабайеры", "медиабайеров"];

export const LABELLED_QUERIES: readonly LabelledQuery[] = [
  { q: "менеджера", kind: "inflected", need: [MANAGER_RU] },
  { q: "менеджеров", kind: "inflected", need: [MANAGER_RU] },
  { q: "арбитража", kind: "inflected", need: [ARBITRAGE_RU] },
  { q: "трафику", kind: "inflected", need: [TRAFFIC_RU] },
  {
    q: "креативов",
    kind: "inflected",
    need: [["креатив", "креатива", "креативу", "креативом", "креативе", "креативы", "креативов", "креативами"]],
  },
  {
    q: "кампания",
    kind: "inflected",
    need: [["кампания", "кампании", "кампанию", "кампанией", "кампаний", "кампаниям", "кампаниями"]],
  },
  {
    q: "партнеры",
    kind: "inflected",
    need: [["партнер", "партнера", "партнеру", "партнером", "партнеры", "партнеров", "партнерам", "партнерами"]],
  },
  {
    q: "бюджеты",
    kind: "inflected",
    need: [["бюджет", "бюджета", "бюджету", "бюджетом", "бюджете", "бюджеты", "бюджетов"]],
  },
  { q: "команда", kind: "inflected", need: [["команда", "команды", "команде", "команду", "командой"]] },
  { q: "аналитика", kind: "inflected", need: [ANALYST_RU] },
  { q: "оффер", kind: "inflected", need: [["оффер", "оффера", "офферу", "оффером", "офферы", "офферов", "офферами"]] },
  { q: "закупку", kind: "inflected", need: [["закупка", "закупки", "закупке", "закупку", "закупкой"]] },
  { q: "руководителя", kind: "inflected", need: [["руководитель", "руководителя", "руководителю", "руководителем"]] },
  { q: "специалиста", kind: "inflected", need: [SPECIALIST_RU] },
  { q: "медиабайера", kind: "inflected", need: [MEDIA_BUYER_RU] },
  { q: "арбитраж трафика", kind: "inflected", need: [ARBITRAGE_RU, TRAFFIC_RU], or: [["media"], ["buying"]] },
  { q: "managers", kind: "plural", need: [["manager", "managers"]] },
  { q: "buyers", kind: "plural", need: [["buyer", "buyers"]] },
  { q: "campaign", kind: "plural", need: [["campaign", "campaigns"]] },
  { q: "creatives", kind: "plural", need: [["creative", "creatives"]] },
  { q: "offer", kind: "plural", need: [["offer", "offers"]] },
  { q: "partners", kind: "plural", need: [["partner", "partners"]] },
  { q: "network", kind: "plural", need: [["network", "networks"]] },
  { q: "deal", kind: "plural", need: [["deal", "deals"]] },
  { q: "geo", kind: "plural", need: [["geo", "geos"]] },
  {
    q: "affiliate",
    kind: "plural",
    need: [["affiliate", "affiliates"]],
    or: [["аффилиат", "аффилиата", "аффилиатов", "аффилиаты"]],
  },
  { q: "specialists", kind: "plural", need: [["specialist", "specialists"]] },
  { q: "analysts", kind: "plural", need: [["analyst", "analysts"]], or: [ANALYST_RU] }, // the sample's synonyms join them
  { q: "budgets", kind: "plural", need: [["budget", "budgets"]] },
  { q: "media buyers", kind: "plural", need: [["media"], ["buyer", "buyers"]], or: [MEDIA_BUYER_RU] },
  {
    q: "affiliate managers",
    kind: "plural",
    need: [
      ["affiliate", "affiliates", "аффилиат", "аффилиата", "аффилиатов", "аффилиаты"],
      ["manager", "managers"],
    ],
  },
  { q: "manger", kind: "typo", need: [["manager", "managers"]] },
  { q: "affilate", kind: "typo", need: [["affiliate", "affiliates"]] },
  { q: "campagns", kind: "typo", need: [["campaign", "campaigns"]] },
  { q: "creatvie", kind: "typo", need: [["creative", "creatives"]] },
  { q: "partnre", kind: "typo", need: [["partner", "partners"]] },
  { q: "budjet", kind: "typo", need: [["budget", "budgets"]] },
  { q: "менджер", kind: "typo", need: [MANAGER_RU] },
  { q: "аналитк", kind: "typo", need: [ANALYST_RU] },
  { q: "медиабайер", kind: "synonym", need: [MEDIA_BUYER_RU], or: [["media"], ["buyer", "buyers"]] },
  { q: "seo-специалист", kind: "synonym", need: [["seo"], SPECIALIST_RU], or: [["seo"]] },
  { q: "тимлид", kind: "synonym", need: [["тимлид", "тимлида", "тимлидом"]], or: [["team"], ["lead"]] },
  { q: "гемблинг", kind: "synonym", need: [["гемблинг", "гемблинга", "гемблинге"]], or: [["gambling"]] },
  { q: "нативка", kind: "synonym", need: [["нативка", "нативки", "нативку", "нативкой", "нативке"]], or: [["native"]] },
  {
    q: "аффилиат",
    kind: "synonym",
    need: [["аффилиат", "аффилиата", "аффилиатов", "аффилиаты"]],
    or: [["affiliate", "affiliates"]],
  },
  { q: "push", kind: "synonym", need: [["push"]], or: [["пуш"]] },
];

function holdsAll(words: ReadonlySet<string>, groups: readonly string[][] | undefined): boolean {
  return groups !== undefined && groups.every((forms) => forms.some((form) => words.has(form)));
}

const wordsOf = new WeakMap<Resume, { heading: Set<string>; all: Set<string> }>();

/** A resume's folded words, of its title and skills and of all of it, tokenised once. */
function resumeWords(resume: Resume): { heading: Set<string>; all: Set<string> } {
  let words = wordsOf.get(resume);
  if (words === undefined) {
    words = {
      heading: new Set(tokenize(`${resume.title} ${resume.skills.join(" ")}`)),
      all: new Set(tokenize(`${resume.title} ${resume.skills.join(" ")} ${resume.text}`)),
    };
    wordsOf.set(resume, words);
  }
  return words;
}

/** The gain of a resume for a query: 2 when its title or skills hold the forms, 1 when only its text does, else 0. */
export function gainOf(resume: Resume, query: LabelledQuery): number {
  const { heading, all } = resumeWords(resume);
  if (holdsAll(heading, query.need) || holdsAll(heading, query.or)) return 2;
  return holdsAll(all, query.need) || holdsAll(all, query.or) ? 1 : 0;
}

/** Share of the relevant resumes (at most k of them) found in the first k: 1 when the first k are all relevant or hold every relevant one. */
export function recallAt(ranked: readonly number[], gains: ReadonlyMap<number, number>, k: number): number {
  const relevant = [...gains.values()].filter((gain) => gain > 0).length;
  if (relevant === 0) return 1;
  const found = ranked.slice(0, k).filter((id) => (gains.get(id) ?? 0) > 0).length;
  return found / Math.min(relevant, k);
}

/** Normalised discounted cumulative gain of the first k: Σ gain / log2(rank + 1), over the same of the ideal order. */
export function ndcgAt(ranked: readonly number[], gains: ReadonlyMap<number, number>, k: number): number {
  const dcg = (list: readonly number[]) => list.slice(0, k).reduce((sum, gain, i) => sum + gain / Math.log2(i + 2), 0);
  const ideal = dcg([...gains.values()].filter((gain) => gain > 0).sort((a, b) => b - a));
  return ideal === 0 ? 1 : dcg(ranked.map((id) => gains.get(id) ?? 0)) / ideal;
}

/** Mean recall@50 and nDCG@10 of a ranker over the set, with each query's relevant count. */
export function measureQuality(
  resumes: readonly Resume[],
  rank: (q: string) => number[],
): { recall50: number; ndcg10: number; perQuery: { q: string; relevant: number; recall50: number; ndcg10: number }[] } {
  const perQuery = LABELLED_QUERIES.map((query) => {
    const gains = new Map(resumes.map((resume) => [resume.id, gainOf(resume, query)]));
    const ranked = rank(query.q);
    return {
      q: query.q,
      relevant: [...gains.values()].filter((gain) => gain > 0).length,
      recall50: recallAt(ranked, gains, 50),
      ndcg10: ndcgAt(ranked, gains, 10),
    };
  });
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return {
    recall50: mean(perQuery.map((row) => row.recall50)),
    ndcg10: mean(perQuery.map((row) => row.ndcg10)),
    perQuery,
  };
}

/** Ids by relevance as the list shows them: score rounded to 4 decimals descending, then id. */
export function rankedIds(index: SearchIndex, q: string, forms: MatchForms): number[] {
  const { positions, scores } = searchIndex(index, q, forms);
  return Array.from(positions, (position, i) => ({ id: index.ids[position]!, score: Math.round(scores[i]! * 1e4) }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .map((row) => row.id);
}
