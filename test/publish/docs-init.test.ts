/**
 * docs-init.js's rewriting of the OpenAPI document's links to the published site, run in a stub page
 * (no browser): which links it points at the serving host, and where.
 */
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

const SCRIPT = readFileSync("build/publish/docs-assets/docs-init.js", "utf8");

/** Runs docs-init.js on a page at `pageUrl` whose document lists `servers`, with links `hrefs`; answers the links after. */
function linksAfter(pageUrl: string, servers: string[], hrefs: string[]): string[] {
  const links = hrefs.map((href) => ({ href }));
  const root = { getAttribute: () => "/api/dataset/v1/openapi.json", querySelectorAll: () => links };
  const list = servers.map((url) => ({ get: (key: string) => (key === "url" ? url : undefined) }));
  const ui = {
    specSelectors: { servers: () => ({ size: list.length, first: () => list[0], find: (test: (server: unknown) => boolean) => list.find(test) }) },
    oas3Actions: { setSelectedServer: () => undefined },
  };
  let complete: () => void = () => undefined;
  const SwaggerUIBundle = Object.assign(
    (config: { onComplete: () => void }) => {
      complete = config.onComplete;
      return ui;
    },
    { presets: { apis: {} } },
  );
  const page = new URL(pageUrl);
  const window: Record<string, unknown> = { location: { href: page.href, origin: page.origin } };
  runInNewContext(SCRIPT, {
    window,
    document: { getElementById: () => root },
    SwaggerUIBundle,
    MutationObserver: class {
      observe(): void {}
    },
    URL,
  });
  complete();
  return links.map((link) => link.href);
}

describe("docs-init.js: the document's links to the published site", () => {
  it("points a link to the site at the same page of the serving host", () => {
    expect(linksAfter("http://127.0.0.1:9000/api/dataset/v1/docs", ["http://127.0.0.1:8080/api/dataset/v1", "/api/dataset/v1"], ["http://127.0.0.1:8080/methodology", "https://creativecommons.org/licenses/by/4.0/"])).toEqual([
      "http://127.0.0.1:9000/methodology",
      "https://creativecommons.org/licenses/by/4.0/",
    ]);
  });

  it("with a --base-url that has a path, maps the site's path to / (where this host serves it) and leaves the origin's other pages", () => {
    expect(
      linksAfter(
        "http://127.0.0.1:9000/api/dataset/v1/docs",
        ["https://example.org/open-demand/api/dataset/v1", "/api/dataset/v1"],
        ["https://example.org/open-demand/methodology", "https://example.org/about", "https://example.org/open-demand-old/x", "https://example.org/open-demand"],
      ),
    ).toEqual(["http://127.0.0.1:9000/methodology", "https://example.org/about", "https://example.org/open-demand-old/x", "http://127.0.0.1:9000/"]);
  });
});
