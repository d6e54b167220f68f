/**
 * The descriptor's name and license identifiers are made from seed text (meta.json's dataset name and
 * license, any non-empty text): whatever the text, the descriptor must stay valid against the Data
 * Package v1 profile (vendored in test/fixtures/datapackage), whose name patterns are ASCII only.
 */
import { readFile } from "node:fs/promises";
import AjvDraft04 from "ajv-draft-04";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import type { BulkDownload } from "../../build/publish/bulk-downloads.ts";
import { dataPackage, packageName } from "../../build/publish/data-package.ts";
import { packageLicense } from "../../build/shared/license.ts";
import { DOWNLOAD_TABLES } from "../../build/publish/download-tables.ts";
import type { EngineContext } from "../../build/query/endpoint.ts";

const Ajv = AjvDraft04.default;
const addFormats = addFormatsModule.default;

async function validator() {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat("textarea", true);
  return ajv.compile(JSON.parse(await readFile("test/fixtures/datapackage/data-package.json", "utf8")) as object);
}

/** The descriptor of one download for a meta whose dataset has this name and license. */
function descriptorFor(name: string, license: string) {
  const service = (description: string) => ({
    name,
    description,
    source: "seeds",
    license,
    attribution: "https://data.example.com/",
  });
  const meta = {
    snapshot_at: "2026-11-01T00:00:00Z",
    synthetic: false,
    contact: "data@example.com",
    dataset: service("Demand"),
    resumes: service("Resumes"),
  };
  const download = {
    table: DOWNLOAD_TABLES[0]!,
    fileName: "brands.ndjson.gz",
    bytes: 1,
    sha256: "0".repeat(64),
    schema: { fields: [{ name: "slug", type: "string" }] },
  } as unknown as BulkDownload;
  download.files = [
    { format: "ndjson", fileName: download.fileName, bytes: download.bytes, sha256: download.sha256 },
  ] as unknown as BulkDownload["files"];
  return dataPackage(
    {
      dataset: { meta, site: { base_url: "https://data.example.com", resume_contacts: "public" } },
    } as unknown as EngineContext,
    [download],
  );
}

describe("the descriptor made from seed text", () => {
  it.each([
    ["Открытые данные о спросе", "CC BY 4.0"],
    ["需求数据", "CC BY 4.0"],
    ["Open Demand Dataset", "Licence Ouverte / Open Licence 2.0"],
    ["Open Demand Dataset", "OGL (UK) 3.0"],
    ["Open Demand Dataset", "Лицензия открытых данных"],
  ])("validates against the Data Package profile for the name %j and the license %j", async (name, license) => {
    const validate = await validator();
    const descriptor = descriptorFor(name, license);
    expect(validate(descriptor), JSON.stringify(validate.errors)).toBe(true);
  });

  it("keeps a license text as its title, whatever its identifier became", () => {
    expect(descriptorFor("Open Demand Dataset", "OGL (UK) 3.0").licenses).toEqual([
      expect.objectContaining({ title: "OGL (UK) 3.0" }),
    ]);
  });
});

describe("packageName", () => {
  it("keeps the letters of accented titles instead of cutting words at each accent", () => {
    expect(packageName("Données de la demande")).toBe("donnees-de-la-demande");
    expect(packageName("Open Demand Dataset (synthetic sample)")).toBe("open-demand-dataset-synthetic-sample");
  });
});

describe("packageLicense", () => {
  it("makes an identifier of ASCII letters, digits, dots, dashes and underscores from an unknown text", () => {
    expect(packageLicense("Licence Ouverte / Open Licence 2.0")).toEqual({
      name: "Licence-Ouverte-Open-Licence-2.0",
      title: "Licence Ouverte / Open Licence 2.0",
    });
    expect(packageLicense("ODbL 1.0")).toEqual({ name: "ODbL-1.0", title: "ODbL 1.0" });
  });

  it("gives no identifier when none of the text can make one, rather than an invalid one", () => {
    expect(packageLicense("Лицензия")).toEqual({ title: "Лицензия" });
  });
});
