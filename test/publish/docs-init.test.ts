/**
 * docs-init.js run in a stub page (no browser): its rewriting of the OpenAPI document's links to the
 * published site (which links it points at the serving host, and where), and the names it gives the
 * parts of Swagger UI's markup that have none.
 */
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

const SCRIPT = readFileSync("build/publish/docs-assets/docs-init.js", "utf8");

/** A stub root element: its links, and the elements its querySelector finds by selector. */
interface StubRoot {
  links: { href: string }[];
  parts: Map<string, StubElement>;
}

/** Runs docs-init.js on a page at `pageUrl` whose document lists `servers`, fetching `doc`; answers its onComplete, its observers' callbacks and the document it gave Swagger UI. */
async function runScript(
  pageUrl: string,
  servers: string[],
  root: StubRoot,
  doc: Record<string, unknown> = { paths: {} },
): Promise<{ complete: () => void; mutate: () => void; spec: unknown }> {
  const stub = {
    getAttribute: () => "/api/dataset/v1/openapi.json",
    querySelectorAll: () => root.links,
    querySelector: (selector: string) => root.parts.get(selector) ?? null,
  };
  const list = servers.map((url) => ({ get: (key: string) => (key === "url" ? url : undefined) }));
  const ui = {
    specSelectors: {
      servers: () => ({
        size: list.length,
        first: () => list[0],
        find: (test: (server: unknown) => boolean) => list.find(test),
      }),
    },
    oas3Actions: { setSelectedServer: () => undefined },
  };
  let complete: () => void = () => undefined;
  let spec: unknown;
  const SwaggerUIBundle = Object.assign(
    (config: { onComplete: () => void; spec: unknown }) => {
      complete = config.onComplete;
      spec = config.spec;
      return ui;
    },
    { presets: { apis: {} } },
  );
  const observers: (() => void)[] = [];
  const page = new URL(pageUrl);
  const window: Record<string, unknown> = { location: { href: page.href, origin: page.origin } };
  runInNewContext(SCRIPT, {
    window,
    document: { getElementById: () => stub },
    SwaggerUIBundle,
    MutationObserver: class {
      constructor(private readonly callback: () => void) {}
      observe(): void {
        observers.push(this.callback);
      }
    },
    URL,
    fetch: () => Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(structuredClone(doc)) }),
  });
  // The script renders once its fetch of the document has settled.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { complete: () => complete(), mutate: () => observers.forEach((callback) => callback()), spec };
}

/** Runs docs-init.js on a page at `pageUrl` whose document lists `servers`, with links `hrefs`; answers the links after. */
async function linksAfter(pageUrl: string, servers: string[], hrefs: string[]): Promise<string[]> {
  const links = hrefs.map((href) => ({ href }));
  (await runScript(pageUrl, servers, { links, parts: new Map() })).complete();
  return links.map((link) => link.href);
}

/** An element that keeps its attributes. */
class StubElement {
  readonly attributes = new Map<string, string>();
  hasAttribute(name: string): boolean {
    return this.attributes.has(name);
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
}

describe("docs-init.js: the document's links to the published site", () => {
  it("points a link to the site at the same page of the serving host", async () => {
    expect(
      await linksAfter(
        "http://127.0.0.1:9000/api/dataset/v1/docs",
        ["http://127.0.0.1:8080/api/dataset/v1", "/api/dataset/v1"],
        ["http://127.0.0.1:8080/methodology", "https://creativecommons.org/licenses/by/4.0/"],
      ),
    ).toEqual(["http://127.0.0.1:9000/methodology", "https://creativecommons.org/licenses/by/4.0/"]);
  });

  it("with a --base-url that has a path, maps the site's path to / (where this host serves it) and leaves the origin's other pages", async () => {
    expect(
      await linksAfter(
        "http://127.0.0.1:9000/api/dataset/v1/docs",
        ["https://example.org/open-demand/api/dataset/v1", "/api/dataset/v1"],
        [
          "https://example.org/open-demand/methodology",
          "https://example.org/about",
          "https://example.org/open-demand-old/x",
          "https://example.org/open-demand",
        ],
      ),
    ).toEqual([
      "http://127.0.0.1:9000/methodology",
      "https://example.org/about",
      "https://example.org/open-demand-old/x",
      "http://127.0.0.1:9000/",
    ]);
  });
});

describe("docs-init.js: names for Swagger UI's unnamed parts", () => {
  const SERVERS = ["http://127.0.0.1:8080/api/dataset/v1", "/api/dataset/v1"];
  const drawn = () =>
    new Map(
      [".servers select", ".information-container", ".scheme-container"].map((selector) => [
        selector,
        new StubElement(),
      ]),
    );
  const named = (parts: Map<string, StubElement>) =>
    Object.fromEntries([...parts].map(([selector, element]) => [selector, Object.fromEntries(element.attributes)]));
  const NAMED = {
    ".servers select": { "aria-label": "Server that Try it out sends requests to" },
    ".information-container": { role: "region", "aria-label": "About this API" },
    ".scheme-container": { role: "region", "aria-label": "Servers" },
  };

  it("names the servers select and makes the title block and the servers bar named regions, once drawn", async () => {
    const root: StubRoot = { links: [], parts: new Map() };
    const { mutate } = await runScript("http://127.0.0.1:8080/api/dataset/v1/docs", SERVERS, root);
    root.parts = drawn(); // Swagger UI draws after the script ran: the observer names what it drew
    mutate();
    expect(named(root.parts)).toEqual(NAMED);
  });

  it("names them again when Swagger UI draws them anew, and leaves a part that has a role as it is", async () => {
    const root: StubRoot = { links: [], parts: drawn() };
    const { mutate } = await runScript("http://127.0.0.1:8080/api/dataset/v1/docs", SERVERS, root);
    root.parts = drawn();
    root.parts.get(".scheme-container")!.setAttribute("role", "form");
    mutate();
    expect(named(root.parts)).toEqual({ ...NAMED, ".scheme-container": { role: "form" } });
  });
});

describe("docs-init.js: the document as the page shows it (issue 28)", () => {
  const DOC = {
    info: {
      title: "T",
      description: "About.\n\n## Requests\n- rule one\n\n## Responses\n- rule two\n\n## Limits\n- 8 KiB",
    },
    paths: {
      "/resumes": {
        get: {
          parameters: [
            { name: "role", in: "query", required: false, description: "Role.", example: "seo" },
            {
              name: "vertical",
              in: "query",
              required: false,
              description: "Vertical.",
              example: ["casino", "betting"],
            },
            { name: "brands", in: "query", required: true, description: "Brands.", example: ["a", "b"] },
            { $ref: "#/components/parameters/IfNoneMatch" },
          ],
        },
        head: { summary: "twin" },
        options: { summary: "preflight" },
      },
    },
  };

  it("drops the HEAD and OPTIONS twins, moves optional examples into descriptions, keeps required ones, and folds the conventions", async () => {
    const { spec } = await runScript(
      "http://127.0.0.1:8080/resume/api/v1/docs",
      [],
      { links: [], parts: new Map() },
      DOC,
    );
    const shown = spec as typeof DOC;
    expect(Object.keys(shown.paths["/resumes"])).toEqual(["get"]);
    expect(shown.paths["/resumes"].get.parameters).toEqual([
      { name: "role", in: "query", required: false, description: "Role. Example: `seo`." },
      { name: "vertical", in: "query", required: false, description: "Vertical. Example: `casino,betting`." },
      { name: "brands", in: "query", required: true, description: "Brands.", example: ["a", "b"] },
      { $ref: "#/components/parameters/IfNoneMatch" },
    ]);
    expect(shown.info.description).toBe(
      "About.\n\n<details><summary>Conventions: requests, responses and errors of every endpoint</summary>\n\n## Requests\n- rule one\n\n## Responses\n- rule two\n\n</details>\n\n## Limits\n- 8 KiB",
    );
  });
});
