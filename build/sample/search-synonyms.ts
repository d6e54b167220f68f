/**
 * The sample's resume search synonyms (issue 33): the trade's Russian words and their English
 * counterparts, as a recruiter would take them as one. A small hand-written vocabulary, not data about anyone.
 * @module
 */
import type { SynonymGroup } from "../load/schemas.ts";

export const SAMPLE_SYNONYMS: readonly SynonymGroup[] = [
  { phrases: ["медиабайер", "media buyer"] },
  { phrases: ["арбитраж трафика", "media buying"] },
  { phrases: ["SEO-специалист", "SEO specialist", "SEO"] },
  { phrases: ["тимлид", "team lead"] },
  { phrases: ["аффилиат", "affiliate"] },
  { phrases: ["аналитик", "analyst"] },
  { phrases: ["пуш", "push"] },
  { phrases: ["нативка", "native"] },
  { phrases: ["контекст", "PPC"] },
  { phrases: ["беттинг", "betting"] },
  { phrases: ["гемблинг", "gambling"] },
];
