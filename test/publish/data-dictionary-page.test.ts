import { describe, expect, it } from "vitest";
import { bulkDownloads } from "../../build/publish/bulk-downloads.ts";
import {
  dataDictionaryPage,
  dataDictionaryProducer,
  dictionaryPath,
} from "../../build/publish/data-dictionary-page.ts";
import { DOWNLOAD_TABLES } from "../../build/publish/download-tables.ts";
import { minContext } from "../fixtures/min-context.ts";

describe("dataDictionaryPage (#28)", () => {
  it("lists every field of the Table Schema with its type, presence, keys and description", async () => {
    const context = await minContext();
    const brands = (await bulkDownloads(context)).find((download) => download.table.name === "brands")!;
    const html = dataDictionaryPage(context, brands);
    for (const field of brands.schema.fields)
      expect(html).toContain(`<td><code>${field.name}</code></td><td>${field.type}</td>`);
    expect(html).toContain("<td>primary key</td>");
    expect(html).toContain("Nested: JSON text in the CSV and Parquet files");
    for (const file of brands.files) expect(html).toContain(`<a href="${file.urlPath}" download>`);
    expect(html).toContain(
      `<link rel="canonical" href="${context.dataset.site.base_url}/downloads/dictionary/brands/">`,
    );
  });

  it("shows at most five sample records, in the schema's column order", async () => {
    const context = await minContext();
    for (const download of await bulkDownloads(context)) {
      const html = dataDictionaryPage(context, download);
      const sample = html.slice(html.indexOf("<h2>Sample</h2>"));
      const rows = sample.match(/<tr><td>/g) ?? [];
      expect(rows.length, download.table.name).toBe(Math.min(5, download.records));
    }
  });

  it("names a foreign key's resource with a link to its own dictionary", async () => {
    const context = await minContext();
    const licenses = (await bulkDownloads(context)).find((download) => download.table.name === "licenses")!;
    expect(dataDictionaryPage(context, licenses)).toContain(
      `names <a href="${dictionaryPath("brands")}">brands</a>.slug`,
    );
  });

  it("is one static page per download at /downloads/dictionary/<name>/", async () => {
    const files = dataDictionaryProducer(await minContext());
    expect(files.map((file) => file.file)).toEqual(
      DOWNLOAD_TABLES.map((table) => `downloads/dictionary/${table.name}/index.html`),
    );
  });
});
