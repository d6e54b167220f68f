import { describe, expect, it } from "vitest";
import { bulkDownloads } from "../../build/publish/bulk-downloads.ts";
import { formatBytes } from "../../build/publish/html.ts";
import { downloadsPage } from "../../build/publish/downloads-page.ts";
import { attributionSnippet, landingPage, landingPageProducer } from "../../build/publish/landing-page.ts";
import { QUICK_START_PATH } from "../../build/publish/portal/landing-sections.ts";
import { SITE_LINKS } from "../../build/publish/site-links.ts";
import { minContext } from "../fixtures/min-context.ts";

/** Every href and src of a page. */
function addresses(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((match) => match[1]!);
}

describe("landingPage", () => {
  it("shows key numbers, the ways in, a quick start with the engine's real answer, and sample rows; the downloads table is on /downloads/ (issue 28)", async () => {
    const context = await minContext();
    const html = await landingPage(context);
    expect(html).toContain(`<li><strong>${context.dataset.counts.brands}</strong> casino and betting brands</li>`);
    for (const href of [
      "/markets/",
      "/brands/",
      "/resumes/",
      SITE_LINKS.dataset.docs,
      SITE_LINKS.methodology,
      SITE_LINKS.downloads,
    ])
      expect(html).toContain(`<li><a href="${href}">`);
    expect(html).toContain(`curl -s '${context.dataset.site.base_url}${QUICK_START_PATH}'`);
    expect(html).toContain("&quot;growth_pct&quot;");
    expect(html).toContain('<h2 id="samples">Sample rows</h2>');
    expect(html).not.toContain('<code class="hash">');
  });

  it("presents both datasets, says the sample is synthetic, and links every page and document", async () => {
    const context = await minContext();
    const html = await landingPage(context);
    expect(html).toContain(context.dataset.meta.dataset.name);
    expect(html).toContain(context.dataset.meta.resumes.name);
    expect(html).toContain("Synthetic sample.");
    const { counts } = context.dataset;
    expect(html).toContain(`search demand in ${counts.countries_with_demand_data} markets`);
    expect(html).toContain("casino and betting brands");
    expect(html.match(/synthetic/gi), "one synthetic-data notice").toHaveLength(2); // "Synthetic sample." and "seeded generator" sentence: one notice
    const links = addresses(html);
    for (const href of [
      SITE_LINKS.methodology,
      SITE_LINKS.llmsTxt,
      SITE_LINKS.dataPackage,
      ...Object.values(SITE_LINKS.dataset),
      ...Object.values(SITE_LINKS.resumes),
    ])
      expect(links).toContain(href);
  });

  it("lists every download in every format with its link, size and a short SHA-256 that opens to the full one (#28)", async () => {
    const context = await minContext();
    const html = await downloadsPage(context);
    for (const download of await bulkDownloads(context)) {
      expect(download.files.map((file) => file.format)).toEqual(["ndjson", "csv", "parquet"]);
      for (const file of download.files) {
        expect(addresses(html)).toContain(file.urlPath);
        expect(html).toContain(`<summary><code title="${file.sha256}">${file.sha256.slice(0, 12)}…</code></summary>`);
        expect(html).toContain(
          `<code class="hash" id="sha-${file.fileName.replace(/[^A-Za-z0-9-]/g, "-")}">${file.sha256}</code>`,
        );
        expect(html).toContain(`title="${file.bytes} bytes">${formatBytes(file.bytes)}<`);
      }
      expect(addresses(html)).toContain(`/downloads/dictionary/${download.table.name}/`);
    }
    expect(html).toContain('<a href="/downloads/all-downloads.tar.gz" download>all-downloads.tar.gz</a>');
    expect(html).toContain('data-copy="sha-archive"');
    expect(html).not.toMatch(/<code class="hash">[0-9a-f]{64}<\/code><\/td>/);
  });

  it("heads each resource's row with its title, captions the table and scopes its column headers", async () => {
    const context = await minContext();
    const html = await downloadsPage(context);
    for (const download of await bulkDownloads(context))
      expect(html).toContain(`<tr><th scope="row" class="file">${download.table.title.replace("&", "&amp;")}<br>`);
    expect(html).toContain("<caption>Every resource with its records, and its files with size and SHA-256</caption>");
    const head = html.slice(html.indexOf("<thead>"), html.indexOf("</thead>"));
    expect(head.match(/<th scope="col"/g)).toHaveLength(4);
  });

  it("puts each dataset's downloads in a row group of their own, headed by the dataset's name", async () => {
    const html = await downloadsPage(await minContext());
    const body = html.slice(html.indexOf("</thead>"), html.indexOf("</table>"));
    expect(body.match(/<tbody>/g)).toHaveLength(2);
    expect(body).toContain(
      '<tbody>\n<tr><th colspan="4" scope="rowgroup">Open Demand Dataset (test fixture)</th></tr>',
    );
    expect(body).toContain(
      '</tbody>\n<tbody>\n<tr><th colspan="4" scope="rowgroup">Resume Directory (test fixture)</th></tr>\n<tr><th scope="row" class="file">Resumes<br>',
    );
    expect(body.endsWith("</tbody>")).toBe(true);
  });

  it("gives a copyable attribution snippet per dataset, linking its landing page and the license", async () => {
    const context = await minContext();
    expect(attributionSnippet(context, "dataset")).toBe(
      'Data: <a href="https://data.example.com/">Open Demand Dataset (test fixture)</a>, <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>',
    );
    const html = await landingPage(context);
    expect(html).toContain('<code id="attribution-dataset">Data: &lt;a href=&quot;https://data.example.com/&quot;&gt;');
    // Each button's label names its dataset, in text only a screen reader reads.
    expect(html).toContain(
      '<button type="button" class="copy" data-copy="attribution-dataset">Copy<span class="visually-hidden"> the Open Demand Dataset (test fixture) attribution</span></button>',
    );
    expect(html).toContain(
      '<button type="button" class="copy" data-copy="attribution-resumes">Copy<span class="visually-hidden"> the Resume Directory (test fixture) attribution</span></button>',
    );
  });

  it("says what the downloads hold without claiming the API lists' fields for every file", async () => {
    const html = await downloadsPage(await minContext());
    expect(html).not.toContain("the same records and fields as the API lists");
    expect(html).toContain("Every resource in three formats, all its records at once");
  });

  it("is self-contained: every address is on the site, a data: icon, or an attribution, license or mail link", async () => {
    const context = await minContext();
    const external = addresses(await landingPage(context)).filter(
      (href) => !href.startsWith("/") && !href.startsWith("#") && href !== "data:,",
    );
    expect(new Set(external)).toEqual(
      new Set([
        context.dataset.meta.dataset.attribution,
        context.dataset.meta.resumes.attribution,
        "https://creativecommons.org/licenses/by/4.0/",
        `mailto:${context.dataset.meta.contact}`,
      ]),
    );
    expect(await landingPage(context)).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet|<img/);
  });

  it("names each dataset's license where the two differ, in the lead, the attribution rule and the footer", async () => {
    const context = await minContext();
    const meta = { ...context.dataset.meta, resumes: { ...context.dataset.meta.resumes, license: "CC0 1.0" } };
    const html = await landingPage({ ...context, dataset: { ...context.dataset, meta } });
    expect(html).not.toContain("Both datasets are published under");
    expect(html).toContain(
      "Free to reuse under CC BY 4.0 for Open Demand Dataset (test fixture) and CC0 1.0 for Resume Directory (test fixture);",
    );
    expect(html).toContain(
      '<p>Open Demand Dataset (test fixture) is published under <a href="https://creativecommons.org/licenses/by/4.0/"><strong>CC BY 4.0</strong></a> and Resume Directory (test fixture) under <a href="https://creativecommons.org/publicdomain/zero/1.0/"><strong>CC0 1.0</strong></a>: copy, share and adapt them',
    );
    expect(html).toContain(
      "Snapshot 2025-01-01T00:00:00Z · CC BY 4.0 for Open Demand Dataset (test fixture) and CC0 1.0 for Resume Directory (test fixture) · contact",
    );
  });

  it("says once that both datasets share a license when they do", async () => {
    const html = await landingPage(await minContext());
    expect(html).toContain(
      '<p>Both datasets are published under <a href="https://creativecommons.org/licenses/by/4.0/"><strong>CC BY 4.0</strong></a>: copy, share and adapt them',
    );
    expect(html).toContain("Free to reuse under CC BY 4.0; snapshot");
    expect(html).toContain("Snapshot 2025-01-01T00:00:00Z · CC BY 4.0 · contact");
  });

  it("escapes names taken from the seeds", async () => {
    const context = await minContext();
    const hostile = {
      ...context,
      dataset: {
        ...context.dataset,
        meta: { ...context.dataset.meta, dataset: { ...context.dataset.meta.dataset, name: "<b>Bad & Co</b>" } },
      },
    };
    const html = await landingPage(hostile);
    expect(html).toContain("&lt;b&gt;Bad &amp; Co&lt;/b&gt;");
    expect(html).not.toContain("<b>Bad");
  });

  it("is produced at / as index.html", async () => {
    const context = await minContext();
    const [file] = landingPageProducer(context);
    expect(file).toMatchObject({ urlPath: "/", file: "index.html", contentType: "text/html; charset=utf-8" });
    expect(await file!.body).toBe(await landingPage(context));
  });
});
