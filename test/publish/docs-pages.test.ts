/**
 * The docs pages: each service's `docs` address serves an HTML reference rendered by Swagger UI from
 * the service's OpenAPI document, self-contained (every asset on the host, nothing off-host).
 */
import { describe, expect, it } from "vitest";
import { DOCS_ASSETS, docsPageHtml, docsPagesProducer } from "../../build/publish/docs-pages.ts";
import { SITE_PRODUCERS } from "../../build/publish/registry.ts";
import { SERVICE_BASES } from "../../build/query/services.ts";
import { sampleContext, useSampleHost } from "../helpers/sample-host.ts";

const host = useSampleHost();

/** The addresses a page loads or links to: src and href attributes, and the renderer's data-openapi. */
function addresses(html: string): { loaded: string[]; linked: string[] } {
  const attribute = (name: string) =>
    [...html.matchAll(new RegExp(`${name}="([^"]*)"`, "g"))].map((match) => match[1]!);
  const stylesheets = [...html.matchAll(/<link rel="(?:stylesheet|icon)"[^>]*href="([^"]*)"/g)].map(
    (match) => match[1]!,
  );
  return { loaded: [...attribute("src"), ...stylesheets, ...attribute("data-openapi")], linked: attribute("href") };
}

describe("docsPagesProducer", () => {
  it("makes one page per service at its docs path, and the renderer's assets under /assets/docs", async () => {
    const { context } = await sampleContext();
    const files = docsPagesProducer(context);
    expect(files.slice(0, 2).map((file) => [file.urlPath, file.file, file.contentType])).toEqual([
      ["/api/dataset/v1/docs", "api/dataset/v1/docs/index.html", "text/html; charset=utf-8"],
      ["/resume/api/v1/docs", "resume/api/v1/docs/index.html", "text/html; charset=utf-8"],
    ]);
    expect(
      files.slice(2).every((file) => file.urlPath.startsWith(`${DOCS_ASSETS}/`) && file.file === file.urlPath.slice(1)),
    ).toBe(true);
    expect(files.map((file) => file.urlPath)).toContain(`${DOCS_ASSETS}/swagger-ui-bundle.js`);
    expect(SITE_PRODUCERS).toContain(docsPagesProducer);
    // Their navigation links what every other page's does, the downloads included.
    for (const page of files.slice(0, 2))
      for (const href of ["/", "/methodology/", "/downloads/", "/llms.txt"])
        expect(String(page.body)).toContain(`href="${href}"`);
  });

  // Swagger UI renders its own <main> (the operations): a <main> of ours around it made two, one inside
  // the other (axe: landmark-no-duplicate-main, landmark-main-is-top-level; invalid HTML).
  it.each(["dataset", "resumes"] as const)(
    "renders the %s reference into a div, so the only main element is Swagger UI's",
    (service) => {
      const html = docsPageHtml(service, { name: "N", description: "D", license: "CC BY 4.0" });
      expect(html).not.toMatch(/<main[\s>]/);
      expect(html).toContain(
        `<div id="swagger-ui" tabindex="-1" data-openapi="${SERVICE_BASES[service]}/openapi.json"></div>`,
      );
      expect(html).toContain('<nav aria-label="Site">');
    },
  );

  // Swagger UI's bundle smooth-scrolls every "#" link and prevents its default, so the focus stayed on the
  // link; noZensmooth opts the skip link out of that.
  it("opens the body with a skip link to the reference, out of Swagger UI's smooth scrolling", () => {
    const html = docsPageHtml("dataset", { name: "N", description: "D", license: "CC BY 4.0" });
    expect(html.slice(html.indexOf("<body>") + "<body>".length).trim()).toMatch(
      /^<a class="skip noZensmooth" href="#swagger-ui">Skip to the reference<\/a>/,
    );
  });

  it("says in the header, without JavaScript, where the OpenAPI document is", () => {
    const html = docsPageHtml("resumes", { name: "N", description: "D", license: "CC BY 4.0" });
    const header = html.slice(html.indexOf('<header class="docs-header">'), html.indexOf("</header>"));
    expect(header).toContain(
      '<noscript><p>This reference needs JavaScript. The OpenAPI document itself is at <a href="/resume/api/v1/openapi.json">',
    );
  });

  it("escapes the service's name and description in the HTML", () => {
    const html = docsPageHtml("dataset", { name: "A <b> & C", description: 'say "hi"', license: "CC BY 4.0" });
    expect(html).toContain("<title>A &lt;b&gt; &amp; C · API reference</title>");
    expect(html).toContain('content="say &quot;hi&quot;"');
  });
});

describe.each(["dataset", "resumes"] as const)("GET the %s docs page", (service) => {
  const page = `${SERVICE_BASES[service]}/docs`;

  it("is served as HTML at the docs address of the discovery document", async () => {
    const discovery = (await (await host.get(`${SERVICE_BASES[service]}/`)).json()) as {
      docs: string;
      base_url: string;
    };
    expect(new URL(discovery.docs).pathname).toBe(page);
    for (const path of [page, `${page}/`]) {
      const response = await host.get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await response.text()).toContain('id="swagger-ui"');
    }
  });

  it("loads only addresses of this host, each of which answers with the right type", async () => {
    const html = await (await host.get(page)).text();
    expect(html.match(/https?:\/\/[^\s"'<>]+/g) ?? []).toEqual([]);
    const { loaded, linked } = addresses(html);
    expect(loaded).toEqual(
      expect.arrayContaining([
        `${DOCS_ASSETS}/swagger-ui-bundle.js`,
        `${DOCS_ASSETS}/docs-init.js`,
        `${DOCS_ASSETS}/swagger-ui.css`,
        `${SERVICE_BASES[service]}/openapi.json`,
      ]),
    );
    // Paths on this host, or (the skip link) a place on the page itself.
    for (const address of [...loaded, ...linked]) expect(address, address).toMatch(/^\/(?!\/)|^#[\w-]+$/);
    const types: Record<string, RegExp> = {
      js: /^text\/javascript/,
      css: /^text\/css/,
      png: /^image\/png/,
      json: /^application\/json/,
      txt: /^text\/plain/,
    };
    for (const address of [...loaded, ...linked.filter((link) => link.startsWith(DOCS_ASSETS))]) {
      const response = await host.get(address);
      expect(response.status, address).toBe(200);
      expect(response.headers.get("content-type"), address).toMatch(types[address.split(".").pop()!]!);
      expect(response.headers.get("etag"), address).toMatch(/^"/);
    }
  });

  it("points the renderer at the service's OpenAPI 3.1 document, which the host serves", async () => {
    const html = await (await host.get(page)).text();
    const { loaded } = addresses(html);
    const document = loaded.find((address) => address.endsWith("/openapi.json"))!;
    expect(document).toBe(`${SERVICE_BASES[service]}/openapi.json`);
    const body = (await (await host.get(document)).json()) as { openapi: string };
    expect(body.openapi).toMatch(/^3\.1\./);
  });
});

describe("the docs assets", () => {
  it("load nothing off-host either: the stylesheets import no remote file, the init script calls no validator", async () => {
    for (const name of ["swagger-ui.css", "docs-page.css", "docs-init.js"]) {
      const text = await (await host.get(`${DOCS_ASSETS}/${name}`)).text();
      expect(text.match(/(?:url\(|@import\s+)["']?https?:/g) ?? [], name).toEqual([]);
      expect(text, name).not.toContain("sourceMappingURL");
    }
    expect(await (await host.get(`${DOCS_ASSETS}/docs-init.js`)).text()).toContain("validatorUrl: null");
  });

  it("include Swagger UI's license and notice (Apache 2.0 asks for both when redistributing)", async () => {
    expect(await (await host.get(`${DOCS_ASSETS}/swagger-ui-LICENSE.txt`)).text()).toContain("Apache License");
    expect(await (await host.get(`${DOCS_ASSETS}/swagger-ui-NOTICE.txt`)).text()).toContain("SmartBear");
  });
});
