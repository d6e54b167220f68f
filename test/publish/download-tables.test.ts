import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { EngineContext, Endpoint } from "../../build/query/endpoint.ts";
import { brandCardEndpoint } from "../../build/query/dataset/brand-card.ts";
import { INDEX_DOWNLOAD_PATH, indexEndpoint } from "../../build/query/dataset/index-values.ts";
import { licensesEndpoint } from "../../build/query/dataset/licenses.ts";
import { tcAlertsEndpoint } from "../../build/query/dataset/tc-alerts.ts";
import { resolveForEndpoint, runResolved } from "../../build/query/run-query.ts";
import { buildDownload, buildDownloads, bulkDownloads, toNdjson } from "../../build/publish/bulk-downloads.ts";
import { DOWNLOAD_TABLES, everyItem, type DownloadRecord } from "../../build/publish/download-tables.ts";
import { minContext } from "../fixtures/min-context.ts";

/** All pages of an API list through the real parser, concatenated (per_page 1 to cross page borders). */
function allPages(context: EngineContext, endpoint: Endpoint): unknown[] {
  const items: unknown[] = [];
  for (let page = 1; ; page += 1) {
    const result = runResolved(
      context,
      resolveForEndpoint(endpoint, {}, [
        ["page", String(page)],
        ["per_page", "1"],
      ]),
    );
    const data = (result.kind === "json" ? (result.body as { data: unknown[] }).data : []) ?? [];
    if (data.length === 0) return items;
    items.push(...data);
  }
}

/** The data of a brand's card, through the engine. */
function cardOf(context: EngineContext, slug: string): Record<string, unknown> & { trust: { components: unknown } } {
  const result = runResolved(context, resolveForEndpoint(brandCardEndpoint, { slug }, []));
  if (result.kind !== "json") throw new Error(`no card for ${slug}`);
  return (result.body as { data: Record<string, unknown> & { trust: { components: unknown } } }).data;
}

function table(name: string) {
  const found = DOWNLOAD_TABLES.find((entry) => entry.name === name);
  if (found === undefined) throw new Error(`no table ${name}`);
  return found;
}

describe("everyItem", () => {
  it.each([licensesEndpoint, tcAlertsEndpoint])("gives every page of $id in the API's order", async (endpoint) => {
    const context = await minContext();
    const items = everyItem(context, endpoint);
    expect(items.length).toBeGreaterThan(1);
    expect(items).toEqual(allPages(context, endpoint));
  });
});

describe("DOWNLOAD_TABLES", () => {
  it("has unique names and publishes the index file that the /index 400 promises", async () => {
    const names = DOWNLOAD_TABLES.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    expect((await bulkDownloads(await minContext())).map((download) => download.urlPath)).toContain(
      INDEX_DOWNLOAD_PATH,
    );
  });

  it("writes two index lines per index value (adi, sod), equal to /index for the brand", async () => {
    const context = await minContext();
    const records = table("index").records(context);
    expect(records).toHaveLength(context.dataset.index.length * 2);
    const brand = context.dataset.index[0]!.brand;
    const api = runResolved(context, resolveForEndpoint(indexEndpoint, {}, [["brand", brand]]));
    const data = (api.kind === "json" ? (api.body as { data: unknown[] }).data : []) ?? [];
    expect(records.filter((record) => record.brand === brand)).toEqual(data);
  });

  it("gives each brand its list fields, its trust components and what its card adds, as the card shows them", async () => {
    const context = await minContext();
    const records = table("brands").records(context);
    expect(records).toHaveLength(context.dataset.brands.length);
    for (const record of records) {
      const card = cardOf(context, String(record.slug));
      const { trust_components, ...fields } = record;
      expect(trust_components).toEqual(card.trust.components);
      expect(Object.keys(fields)).toEqual([
        "slug",
        "name",
        "licenses_count",
        "trust_score",
        "trust_grade",
        "trust_provisional",
        "status",
        "description",
        "founded_year",
        "verticals",
        "markets",
        "reputation",
        "app_stores",
        "social",
        "payment_methods",
        "withdrawal_days",
        "responsible_gambling",
      ]);
      for (const [key, value] of Object.entries(fields)) expect(value, key).toEqual(card[key]);
    }
  });

  it("gives the monthly volume of every demand row, as the brand cards' demand series show it", async () => {
    const context = await minContext();
    const records = table("demand").records(context);
    expect(records).toHaveLength(context.dataset.index.length);
    const fromCards = context.dataset.brands.flatMap((brand) =>
      (
        cardOf(context, brand.slug).demand as { country: string; series: { period: string; volume: number }[] }[]
      ).flatMap(({ country, series }) =>
        series.map(({ period, volume }) => ({ brand: brand.slug, country, period, volume })),
      ),
    );
    const key = (row: DownloadRecord) => `${row.brand} ${row.country} ${row.period}`;
    expect([...records].sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      fromCards.sort((a, b) => key(a).localeCompare(key(b))),
    );
    expect(records.some((record) => Number(record.volume) > 0)).toBe(true);
  });

  it("gives every resume in full, contacts and text included", async () => {
    const context = await minContext();
    const records = table("resumes").records(context);
    expect(records).toHaveLength(context.dataset.resumes.length);
    expect(records[0]).toMatchObject({
      id: context.dataset.resumes[0]!.id,
      contacts: context.dataset.resumes[0]!.contacts,
      text: context.dataset.resumes[0]!.text,
    });
  });
});

describe("bulkDownloads", () => {
  it("computes once per dataset and shares the result", async () => {
    const context = await minContext();
    const first = bulkDownloads(context);
    expect(bulkDownloads({ ...context })).toBe(first);
    const other = bulkDownloads({ ...context, dataset: { ...context.dataset } });
    expect(other).not.toBe(first);
    expect((await other).map((download) => download.sha256)).toEqual((await first).map((download) => download.sha256));
  });

  it("gzips the NDJSON of the table, with its size and SHA-256, the same bytes on every build", async () => {
    const context = await minContext();
    const download = await buildDownload(context, table("regulators"));
    expect(gunzipSync(download.body).toString("utf8")).toBe(toNdjson(table("regulators").records(context)));
    expect(download).toMatchObject({
      fileName: "regulators.ndjson.gz",
      urlPath: "/downloads/regulators.ndjson.gz",
      bytes: download.body.length,
      records: context.dataset.regulators.length,
    });
    expect(download.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await buildDownload(context, table("regulators"))).body.equals(download.body)).toBe(true);
  });
});

describe("toNdjson", () => {
  it("ends every line, the last included, with a newline", () => {
    expect(toNdjson([{ a: 1 }, { b: "x" }])).toBe('{"a":1}\n{"b":"x"}\n');
    expect(toNdjson([])).toBe("");
  });
});

describe("buildDownload", () => {
  it("names the file it could not make, keeping the cause (zlib's or the table's message alone names none)", async () => {
    const context = await minContext();
    const broken = {
      ...table("brands"),
      records: () => {
        throw new Error("out of memory");
      },
    };
    const failure = await buildDownload(context, broken).then(
      () => expect.fail("made a download of a table that failed"),
      (error: unknown) => error as Error,
    );
    expect(failure.message).toBe("Internal error: the download downloads/brands.ndjson.gz could not be made");
    expect(String(failure.cause)).toBe("Error: out of memory");
  });

  it("fails on records that repeat the table's primary key, naming the table and the key, instead of declaring it", async () => {
    const context = await minContext();
    const doubled = {
      ...table("countries"),
      records: () => [...table("countries").records(context), table("countries").records(context)[0]!],
    };
    const failure = await buildDownload(context, doubled).then(
      () => expect.fail("declared a primary key its records repeat"),
      (error: unknown) => error as Error,
    );
    expect(failure.message).toBe("Internal error: the download downloads/countries.ndjson.gz could not be made");
    expect(String(failure.cause)).toMatch(
      /^Error: Internal error: the download countries has the primary key \(code\) = \["[A-Z]{2}"\] more than once$/,
    );
  });

  it("gives the schema the table's keys, and none to a table without records (no schema is published then)", async () => {
    const context = await minContext();
    expect((await buildDownload(context, table("demand"))).schema).toMatchObject({
      primaryKey: ["brand", "country", "period"],
      foreignKeys: [
        { fields: ["brand"], reference: { resource: "brands", fields: ["slug"] } },
        { fields: ["country"], reference: { resource: "countries", fields: ["code"] } },
      ],
    });
    expect((await buildDownload(context, { ...table("demand"), records: () => [] })).schema).toEqual({ fields: [] });
  });
});

describe("buildDownloads", () => {
  it("fails when a foreign key's value is not a record of the download it names", async () => {
    const context = await minContext();
    const demand = table("demand");
    const stray = {
      ...demand,
      records: () => [
        ...demand.records(context),
        { brand: "no-such-brand", country: "GB", period: "2026-01", volume: 1 },
      ],
    };
    await expect(buildDownloads(context, [table("brands"), table("countries"), stray])).rejects.toThrow(
      'Internal error: the foreign key demand (brand) → brands (slug) has ["no-such-brand"], which brands does not have',
    );
    await expect(buildDownloads(context, [table("brands"), table("countries"), demand])).resolves.toHaveLength(3);
  });
});
