import { describe, expect, it } from "vitest";
import { REDACTED, redactContacts } from "../../build/compute/redact-contacts.ts";

const R = REDACTED;

describe("redactContacts", () => {
  it.each([
    ["Write to ann@example.com today.", {}, `Write to ${R} today.`],
    ["Пишите на Анна.Ли@пример.рф или @anna_lee", {}, `Пишите на ${R} или ${R}`],
    ["Call +44 20 7946 0000 or (020) 7946-0001.", {}, `Call ${R} or ${R}.`],
    ["Profile: https://www.linkedin.example.com/in/ann, site www.ann.example.", {}, `Profile: ${R}, site ${R}.`],
    [
      "Grew revenue from 1 200 000 to 9 800 000 in 2024, 14% CPA.",
      {},
      "Grew revenue from 1 200 000 to 9 800 000 in 2024, 14% CPA.",
    ],
    ["DM anna_seo on Telegram.", { telegram: "@anna_seo" }, `DM ${R} on Telegram.`],
    ["Seven years of SEO.", { email: "x@example.com" }, "Seven years of SEO."],
  ])("%s", (text, contacts, expected) => {
    expect(redactContacts(text, contacts)).toBe(expected);
  });
});
