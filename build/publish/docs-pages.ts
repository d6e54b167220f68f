/**
 * The docs pages: each service's `docs` address (as its discovery document gives it) serves an HTML
 * reference that Swagger UI renders from the service's OpenAPI document on the same host. The
 * renderer's files are copied from node_modules into dist/ at build time, so no page loads anything
 * from another host.
 * @module
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pageFile, type SiteFile, type SiteProducer } from "../output-format/site-files.ts";
import type { ServiceName } from "../query/endpoint.ts";
import { OPENAPI_INFO_VERSION } from "../query/openapi.ts";
import { SERVICE_BASES } from "../query/services.ts";

/** Where the renderer's files are published. */
export const DOCS_ASSETS = "/assets/docs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TEXT = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  html: "text/html; charset=utf-8",
};

/** The folder of the installed swagger-ui-dist package. */
function swaggerUiDir(): string {
  return path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
}

/** Swagger UI's files as published: the bundle, its stylesheet (without the source-map comment, since the map is not copied), icon, license and notice. */
function rendererAssets(): SiteFile[] {
  const dir = swaggerUiDir();
  const read = (name: string): Buffer => readFileSync(path.join(dir, name));
  const css = read("swagger-ui.css")
    .toString("utf8")
    .replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, "");
  const files: [string, string, string | Buffer][] = [
    ["swagger-ui-bundle.js", TEXT.js, read("swagger-ui-bundle.js")],
    ["swagger-ui.css", TEXT.css, css],
    ["favicon-32x32.png", "image/png", read("favicon-32x32.png")],
    ["swagger-ui-LICENSE.txt", TEXT.txt, read("LICENSE")],
    ["swagger-ui-NOTICE.txt", TEXT.txt, read("NOTICE")],
  ];
  const own: [string, string, string | Buffer][] = ["docs-init.js", "docs-page.css"].map((name) => [
    name,
    name.endsWith(".js") ? TEXT.js : TEXT.css,
    readFileSync(path.join(HERE, "docs-assets", name)),
  ]);
  return [...files, ...own].map(([name, contentType, body]) => ({
    urlPath: `${DOCS_ASSETS}/${name}`,
    file: `${DOCS_ASSETS.slice(1)}/${name}`,
    contentType,
    body,
  }));
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const OTHER: Record<ServiceName, { service: ServiceName; label: string }> = {
  dataset: { service: "resumes", label: "Resume directory API" },
  resumes: { service: "dataset", label: "Open demand dataset API" },
};

/**
 * The HTML of a service's docs page; every address in it is a path on this host. Swagger UI renders
 * into a plain div: it brings its own `<main>` (the operations), which a `<main>` of ours would nest.
 * The page has one title, its own h1 (Swagger UI's title block, a second h1, is hidden by docs-page.css).
 * The skip link opts out (class `noZensmooth`) of the smooth scrolling Swagger UI's bundle gives every
 * `#` link: that scrolls without moving the focus, so the next Tab would still start at the header.
 */
export function docsPageHtml(
  service: ServiceName,
  about: { name: string; description: string; license: string },
): string {
  const base = SERVICE_BASES[service];
  const other = OTHER[service];
  const name = escapeHtml(about.name);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} · API reference</title>
<meta name="description" content="${escapeHtml(about.description)}">
<link rel="icon" type="image/png" href="${DOCS_ASSETS}/favicon-32x32.png">
<link rel="stylesheet" href="${DOCS_ASSETS}/swagger-ui.css">
<link rel="stylesheet" href="${DOCS_ASSETS}/docs-page.css">
</head>
<body>
<a class="skip noZensmooth" href="#swagger-ui">Skip to the reference</a>
<header class="docs-header">
<h1>${name}: API reference</h1>
<p>Data license ${escapeHtml(about.license)}. Every endpoint, parameter, response and error of the <code>${base}</code> service, rendered from its OpenAPI 3.1 document (version ${OPENAPI_INFO_VERSION}). Each endpoint is listed by its <code>GET</code>; every path also answers <code>HEAD</code> (the same status and headers, no body) and <code>OPTIONS</code> (the CORS preflight, 204), which the OpenAPI document lists per path.</p>
<noscript><p>This reference needs JavaScript. The OpenAPI document itself is at <a href="${base}/openapi.json">${base}/openapi.json</a>.</p></noscript>
<nav aria-label="Site"><a href="/">Home</a><a href="/methodology/">Methodology</a><a href="${base}/openapi.json">OpenAPI document</a><a href="${base}/">Discovery document</a><a href="${SERVICE_BASES[other.service]}/docs">${other.label}</a><a href="/downloads/">Downloads</a><a href="/llms.txt">llms.txt</a></nav>
</header>
<div id="swagger-ui" tabindex="-1" data-openapi="${base}/openapi.json"></div>
<footer class="docs-footer">Rendered by Swagger UI (<a href="${DOCS_ASSETS}/swagger-ui-LICENSE.txt">Apache License 2.0</a>, <a href="${DOCS_ASSETS}/swagger-ui-NOTICE.txt">notice</a>).</footer>
<script src="${DOCS_ASSETS}/swagger-ui-bundle.js"></script>
<script src="${DOCS_ASSETS}/docs-init.js"></script>
</body>
</html>
`;
}

/** The docs page of each service and the renderer's assets. */
export const docsPagesProducer: SiteProducer = (context) => {
  const { meta } = context.dataset;
  const pages = (["dataset", "resumes"] as const).map((service): SiteFile => {
    const urlPath = `${SERVICE_BASES[service]}/docs`;
    return {
      urlPath,
      file: pageFile(urlPath),
      contentType: TEXT.html,
      body: docsPageHtml(service, service === "dataset" ? meta.dataset : meta.resumes),
    };
  });
  return [...pages, ...rendererAssets()];
};
