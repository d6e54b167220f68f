/**
 * Vocabulary of the resume sample: roles, verticals, traffic sources, skills and cities,
 * each with its English and Russian wording. Keys are what the API filters on; display words
 * are what the titles and texts are written with.
 * @module
 */

/** A role of the affiliate / media-buying trade. */
export interface RoleWords {
  key: string;
  weight: number;
  en: string;
  ru: string;
  /** Department for "Head of …" / «Руководитель отдела …» titles. */
  enDept: string;
  ruDept: string;
  /** Traffic keys this role usually works with (empty: the role is not tied to traffic). */
  traffic: readonly string[];
  /** Skills this role usually lists, on top of the shared ones. */
  skills: readonly string[];
}

/** The roles, with weights: media buyers and affiliate managers dominate the directory. */
export const ROLES: readonly RoleWords[] = [
  {
    key: "media_buyer",
    weight: 25,
    en: "Media Buyer",
    ru: "Медиабайер",
    enDept: "Media Buying",
    ruDept: "закупки трафика",
    traffic: ["facebook", "google", "tiktok", "push", "native", "in_app"],
    skills: [
      "Keitaro",
      "Binom",
      "Facebook Ads",
      "TikTok Ads",
      "Google Ads",
      "Creative testing",
      "Cloaking",
      "Dolphin Anty",
      "AdsPower",
      "PWA",
    ],
  },
  {
    key: "affiliate_manager",
    weight: 15,
    en: "Affiliate Manager",
    ru: "Аффилиат-менеджер",
    enDept: "Affiliate Marketing",
    ruDept: "аффилиат-маркетинга",
    traffic: ["seo", "telegram", "email", "ppc"],
    skills: ["Affiliate networks", "RevShare", "CPA", "Negotiation", "HubSpot", "Postback tracking", "Income Access"],
  },
  {
    key: "seo",
    weight: 10,
    en: "SEO Specialist",
    ru: "SEO-специалист",
    enDept: "SEO",
    ruDept: "SEO",
    traffic: ["seo"],
    skills: [
      "SEO",
      "Ahrefs",
      "Semrush",
      "Link building",
      "Google Search Console",
      "WordPress",
      "Copywriting",
      "Screaming Frog",
    ],
  },
  {
    key: "account_manager",
    weight: 10,
    en: "Account Manager",
    ru: "Аккаунт-менеджер",
    enDept: "Account Management",
    ruDept: "по работе с партнёрами",
    traffic: ["facebook", "google", "push"],
    skills: ["CPA", "Negotiation", "Salesforce", "Excel", "Reporting", "Jira"],
  },
  {
    key: "team_lead",
    weight: 7,
    en: "Media Buying Team Lead",
    ru: "Тимлид отдела закупки трафика",
    enDept: "Media Buying",
    ruDept: "закупки трафика",
    traffic: ["facebook", "google", "tiktok", "in_app"],
    skills: ["Team management", "Budget management", "Keitaro", "Facebook Ads", "Unit economics", "Hiring"],
  },
  {
    key: "content_manager",
    weight: 7,
    en: "Content Manager",
    ru: "Контент-менеджер",
    enDept: "Content",
    ruDept: "контента",
    traffic: ["seo", "telegram"],
    skills: ["Copywriting", "WordPress", "SEO", "Telegram bots", "Notion", "Editing"],
  },
  {
    key: "head_of_affiliates",
    weight: 4,
    en: "Head of Affiliates",
    ru: "Руководитель партнёрской программы",
    enDept: "Affiliates",
    ruDept: "партнёрской программы",
    traffic: ["seo", "ppc", "email"],
    skills: ["Team management", "Affiliate networks", "RevShare", "Budget management", "Negotiation", "Income Access"],
  },
  {
    key: "cpa_network_manager",
    weight: 7,
    en: "CPA Network Manager",
    ru: "Менеджер CPA-сети",
    enDept: "Partnerships",
    ruDept: "партнёрств",
    traffic: ["push", "native", "facebook"],
    skills: ["CPA", "Affiliate networks", "Postback tracking", "Negotiation", "Excel", "Everflow"],
  },
  {
    key: "ppc_specialist",
    weight: 7,
    en: "PPC Specialist",
    ru: "PPC-специалист",
    enDept: "PPC",
    ruDept: "контекстной рекламы",
    traffic: ["google", "ppc"],
    skills: ["Google Ads", "Microsoft Ads", "Google Analytics", "Looker Studio", "A/B testing", "Landing pages"],
  },
  {
    key: "analyst",
    weight: 6,
    en: "Marketing Analyst",
    ru: "Маркетинговый аналитик",
    enDept: "Analytics",
    ruDept: "аналитики",
    traffic: [],
    skills: ["SQL", "Python", "Excel", "Tableau", "Power BI", "Cohort analysis", "Unit economics", "Google Analytics"],
  },
  {
    key: "creative_designer",
    weight: 2,
    en: "Creative Designer",
    ru: "Креативщик",
    enDept: "Creative",
    ruDept: "креативов",
    traffic: ["facebook", "tiktok"],
    skills: ["Figma", "Photoshop", "CapCut", "After Effects", "Creative testing"],
  },
];

/** Skills any role may list. */
export const SHARED_SKILLS: readonly string[] = [
  "Excel",
  "Google Sheets",
  "Voluum",
  "RedTrack",
  "Google Analytics",
  "Notion",
  "Jira",
  "A/B testing",
  "English",
  "Email marketing",
  "Python",
];

/** Russian wording of some skills: Russian resumes use it about half the time. */
export const RU_SKILLS: Readonly<Record<string, string>> = {
  Copywriting: "Копирайтинг",
  "Link building": "Линкбилдинг",
  "Team management": "Управление командой",
  Negotiation: "Ведение переговоров",
  "Budget management": "Управление бюджетом",
  "Unit economics": "Юнит-экономика",
  "Cohort analysis": "Когортный анализ",
  "Creative testing": "Тестирование креативов",
  "A/B testing": "A/B-тестирование",
  Reporting: "Отчётность",
  Hiring: "Найм",
  Editing: "Редактура",
  English: "Английский язык",
  "Landing pages": "Лендинги",
};

/** Vertical key → [English, Russian]. */
export const VERTICALS: Readonly<Record<string, readonly [string, string]>> = {
  gambling: ["gambling", "гемблинг"],
  betting: ["betting", "беттинг"],
  crypto: ["crypto", "крипта"],
  nutra: ["nutra", "нутра"],
  dating: ["dating", "дейтинг"],
  finance: ["finance", "финансы"],
  ecom: ["e-commerce", "e-commerce"],
};

/** Vertical key → weight: the directory is an iGaming one, so gambling and betting dominate. */
export const VERTICAL_WEIGHTS: readonly (readonly [string, number])[] = [
  ["gambling", 45],
  ["betting", 25],
  ["crypto", 10],
  ["nutra", 8],
  ["dating", 5],
  ["finance", 4],
  ["ecom", 3],
];

/** Traffic key → [English, Russian]. */
export const TRAFFIC: Readonly<Record<string, readonly [string, string]>> = {
  facebook: ["Facebook", "Facebook"],
  google: ["Google", "Google"],
  tiktok: ["TikTok", "TikTok"],
  push: ["push", "пуш"],
  native: ["native", "нативка"],
  seo: ["SEO", "SEO"],
  in_app: ["in-app", "in-app"],
  telegram: ["Telegram", "Telegram"],
  email: ["email", "email-рассылки"],
  ppc: ["PPC", "контекст"],
};

/** [English city, Russian city (prepositional case, after «в»), UTC offset]. */
export const CITIES: readonly (readonly [string, string, string])[] = [
  ["Lisbon", "Лиссабоне", "+0"],
  ["Warsaw", "Варшаве", "+1"],
  ["Limassol", "Лимассоле", "+2"],
  ["Tbilisi", "Тбилиси", "+4"],
  ["Belgrade", "Белграде", "+1"],
  ["Almaty", "Алматы", "+5"],
  ["Barcelona", "Барселоне", "+1"],
  ["Dubai", "Дубае", "+4"],
  ["Yerevan", "Ереване", "+4"],
  ["Bangkok", "Бангкоке", "+7"],
  ["Kyiv", "Киеве", "+2"],
  ["Tallinn", "Таллине", "+2"],
  ["Berlin", "Берлине", "+1"],
  ["Malta", "на Мальте", "+1"],
  ["London", "Лондоне", "+0"],
  ["Sofia", "Софии", "+2"],
];

/** Resume sources (where the directory found the resume) with weights for English and Russian resumes. */
export const SOURCES: readonly (readonly [string, number, number])[] = [
  ["hh", 5, 40],
  ["telegram_channel", 15, 30],
  ["linkedin", 40, 8],
  ["referral", 15, 10],
  ["job_board", 25, 12],
];
