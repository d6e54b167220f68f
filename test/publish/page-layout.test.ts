/**
 * The shell every site page shares: a skip link past the navigation, and the landmarks a screen reader
 * lists (one banner, one labelled navigation, one main, one footer).
 */
import { describe, expect, it } from "vitest";
import { MAIN_ID, renderPage } from "../../build/publish/page-layout.ts";
import { minContext } from "../fixtures/min-context.ts";

describe("renderPage", () => {
  it("opens the body with a skip link to the main element, which can take the focus", async () => {
    const html = renderPage(await minContext(), { path: "/", title: "T", description: "D", body: "<h1>T</h1>" });
    const body = html.slice(html.indexOf("<body>") + "<body>".length).trim();
    expect(body.startsWith(`<a class="skip" href="#${MAIN_ID}">Skip to content</a>`)).toBe(true);
    expect(html).toContain(`<main id="${MAIN_ID}" tabindex="-1"><h1>T</h1></main>`);
    expect(html.match(new RegExp(`id="${MAIN_ID}"`, "g"))).toHaveLength(1);
    // Hidden until focused: the link shows only to whoever tabs into it.
    expect(html).toMatch(/\.skip\{position:absolute;[^}]*top:-4rem/);
    expect(html).toContain(".skip:focus{top:.5rem}");
  });

  it("has one landmark of each kind, the navigation labelled", async () => {
    const html = renderPage(await minContext(), { path: "/", title: "T", description: "D", body: "<h1>T</h1>" });
    for (const tag of ["header", "main", "footer", "nav"])
      expect(html.match(new RegExp(`<${tag}[\\s>]`, "g")), tag).toHaveLength(1);
    expect(html).toContain('<nav aria-label="Site">');
  });
});
