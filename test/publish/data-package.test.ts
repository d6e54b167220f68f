/**
 * The bulk downloads of the sample build against the Data Package specification: the descriptor
 * and each table schema validate against the official profiles (vendored in test/fixtures/datapackage),
 * and every resource's bytes, hash and fields match the file it describes.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import AjvDraft04 from "ajv-draft-04";
import addFormatsModule from "ajv-formats";
import { beforeAll, describe, expect, it } from "vitest";
import { INDEX_DOWNLOAD_PATH } from "../../build/query/dataset/index-values.ts";
import { packageLicense } from "../../build/shared/license.ts";
import { typeOfValue, widenType, type TableField } from "../../build/publish/table-schema.ts";
import { useSampleHost } from "../helpers/sample-host.ts";

interface Resource {
  name: string;
  path: string;
  bytes: number;
  hash: string;
  format: string;
  compression: string;
  mediatype: string;
  schema: {
    fields: TableField[];
    primaryKey?: string[];
    foreignKeys?: { fields: string[]; reference: { resource: string; fields: string[] } }[];
  };
}

const host = useSampleHost();
let descriptor: { resources: Resource[]; [key: string]: unknown };

async function profile(name: string): Promise<object> {
  return JSON.parse(await readFile(path.join("test/fixtures/datapackage", name), "utf8")) as object;
}

/** Every line that does not parse, has other fields than the schema, or a value of another type. */
function recordProblems(resource: Resource, lines: readonly string[]): string[] {
  const names = resource.schema.fields.map((field) => field.name).join(",");
  const problems: string[] = [];
  for (const [number, line] of lines.entries()) {
    const record = JSON.parse(line) as Record<string, unknown>;
    if (Object.keys(record).join(",") !== names)
      problems.push(`line ${number + 1}: fields ${Object.keys(record).join(",")}`);
    for (const field of resource.schema.fields) {
      const value = record[field.name];
      const fits =
        value === null
          ? field.constraints?.required === undefined
          : widenType(field.type, typeOfValue(value)) === field.type;
      if (!fits) problems.push(`line ${number + 1}: ${field.name} = ${JSON.stringify(value)} is not ${field.type}`);
    }
    if (problems.length > 5) break;
  }
  return problems;
}

// CommonJS packages: under NodeNext the default import is the module object, whose `default` is the export.
const Ajv = AjvDraft04.default;
const addFormats = addFormatsModule.default;

function validator() {
  // The profiles carry documentation keywords (propertyOrder, context, options) that strict mode refuses.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat("textarea", true); // an editor hint of the profiles, not a constraint
  return ajv;
}

beforeAll(async () => {
  const response = await host.get("/downloads/datapackage.json");
  expect(response.status).toBe(200);
  descriptor = (await response.json()) as typeof descriptor;
});

describe("/downloads/datapackage.json", () => {
  it("validates against the Data Package profile", async () => {
    const validate = validator().compile(await profile("data-package.json"));
    expect(validate(descriptor), JSON.stringify(validate.errors)).toBe(true);
    expect(descriptor).toMatchObject({
      profile: "data-package",
      created: "2026-11-01T00:00:00Z",
      licenses: [{ name: "CC-BY-4.0", path: "https://creativecommons.org/licenses/by/4.0/" }],
    });
    expect(descriptor.sources).toHaveLength(2);
  });

  it("has a table schema per resource that validates against the Table Schema profile", async () => {
    const validate = validator().compile(await profile("table-schema.json"));
    for (const resource of descriptor.resources)
      expect(validate(resource.schema), `${resource.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
  });

  it("declares each table's primary key and the foreign keys naming other downloads", () => {
    const brand = { fields: ["brand"], reference: { resource: "brands", fields: ["slug"] } };
    const country = { fields: ["country"], reference: { resource: "countries", fields: ["code"] } };
    const regulator = { fields: ["regulator_code"], reference: { resource: "regulators", fields: ["code"] } };
    const provider = (field: string) => ({ fields: [field], reference: { resource: "providers", fields: ["slug"] } });
    const keys = Object.fromEntries(
      descriptor.resources.map(({ name, schema }) => [
        name,
        { primaryKey: schema.primaryKey, foreignKeys: schema.foreignKeys },
      ]),
    );
    expect(keys).toEqual({
      brands: { primaryKey: ["slug"], foreignKeys: undefined },
      "trust-history": { primaryKey: ["brand", "period"], foreignKeys: [brand] },
      domains: { primaryKey: ["domain"], foreignKeys: [brand] },
      licenses: { primaryKey: ["id"], foreignKeys: [brand, regulator] },
      regulators: { primaryKey: ["code"], foreignKeys: undefined },
      providers: { primaryKey: ["slug"], foreignKeys: undefined },
      "provider-ranks": { primaryKey: ["slug"], foreignKeys: [provider("slug")] },
      games: { primaryKey: ["slug"], foreignKeys: [provider("provider")] },
      countries: { primaryKey: ["code"], foreignKeys: undefined },
      index: {
        primaryKey: ["brand", "country", "period", "metric"],
        foreignKeys: [
          brand,
          country,
          {
            fields: ["brand", "country", "period"],
            reference: { resource: "demand", fields: ["brand", "country", "period"] },
          },
        ],
      },
      demand: { primaryKey: ["brand", "country", "period"], foreignKeys: [brand, country] },
      "demand-verticals": { primaryKey: ["brand", "country", "period", "vertical"], foreignKeys: [brand, country] },
      "market-demand": { primaryKey: ["country", "period", "vertical"], foreignKeys: [country] },
      // The entry of a brand across all countries has country null: no primary key, no key on country.
      trending: { primaryKey: undefined, foreignKeys: [brand] },
      momentum: { primaryKey: ["brand", "country"], foreignKeys: [brand, country] },
      "ground-truth": {
        primaryKey: ["country", "regulator_code", "vertical", "period"],
        foreignKeys: [country, regulator],
      },
      "revenue-models": { primaryKey: ["country", "regulator_code", "vertical"], foreignKeys: [country, regulator] },
      "revenue-estimates": {
        primaryKey: ["country", "regulator_code", "vertical", "brand"],
        foreignKeys: [
          brand,
          country,
          regulator,
          {
            fields: ["country", "regulator_code", "vertical"],
            reference: { resource: "revenue-models", fields: ["country", "regulator_code", "vertical"] },
          },
        ],
      },
      "tc-alerts": { primaryKey: ["id"], foreignKeys: [brand] },
      "reputation-observations": { primaryKey: ["brand", "observed_at"], foreignKeys: [brand] },
      "payment-observations": { primaryKey: ["brand", "observed_at"], foreignKeys: [brand] },
      "domain-checks": {
        primaryKey: ["domain", "checked_at"],
        foreignKeys: [{ fields: ["domain"], reference: { resource: "domains", fields: ["domain"] } }],
      },
      monitoring: { primaryKey: ["brand"], foreignKeys: [brand] },
      resumes: { primaryKey: ["id"], foreignKeys: undefined },
    });
  });

  it("says the sample is synthetic in the package and in every resource, which is often read alone", () => {
    expect(descriptor.description).toMatch(/^SYNTHETIC sample data\./);
    const unmarked = descriptor.resources.filter(
      (resource) => !/^SYNTHETIC sample: /.test(String((resource as unknown as { description: string }).description)),
    );
    expect(unmarked.map((resource) => resource.name)).toEqual([]);
  });

  it("refuses a broken descriptor (the validation can fail)", async () => {
    const validate = validator().compile(await profile("data-package.json"));
    const broken = { ...descriptor, resources: [{ ...descriptor.resources[0], hash: "sha256:not-hex" }] };
    expect(validate(broken)).toBe(false);
  });

  it("lists every resource the issue names, including the index file promised by /index", () => {
    const names = descriptor.resources.map((resource) => resource.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "brands",
        "domains",
        "licenses",
        "regulators",
        "providers",
        "provider-ranks",
        "games",
        "countries",
        "index",
        "trending",
        "momentum",
        "ground-truth",
        "tc-alerts",
        "trust-history",
        "resumes",
      ]),
    );
    expect(descriptor.resources.map((resource) => `/downloads/${resource.path}`)).toContain(INDEX_DOWNLOAD_PATH);
  });
});

describe("each download", () => {
  it("has the size and SHA-256 the descriptor gives, in the file and over HTTP", async () => {
    for (const resource of descriptor.resources) {
      const file = await readFile(path.join(host.dist, "downloads", resource.path));
      expect(file.length, resource.name).toBe(resource.bytes);
      expect(`sha256:${createHash("sha256").update(file).digest("hex")}`, resource.name).toBe(resource.hash);
      expect(resource).toMatchObject({ format: "ndjson", compression: "gz", mediatype: "application/x-ndjson" });
    }
    const response = await host.get(INDEX_DOWNLOAD_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    const index = descriptor.resources.find((resource) => resource.name === "index")!;
    expect(Buffer.from(await response.arrayBuffer()).length).toBe(index.bytes);
  });

  it("gunzips to NDJSON whose records have exactly the schema's fields, of its types", async () => {
    for (const resource of descriptor.resources) {
      const text = gunzipSync(await readFile(path.join(host.dist, "downloads", resource.path))).toString("utf8");
      expect(text.endsWith("\n"), resource.name).toBe(true);
      const lines = text.slice(0, -1).split("\n");
      expect(lines.length, resource.name).toBeGreaterThan(0);
      // Plain loops collect the problems: one expect per value would take seconds over 200,000 lines.
      expect(recordProblems(resource, lines), resource.name).toEqual([]);
    }
  });
});

describe("the declared keys", () => {
  it("hold in the files: each primary key unique and never null, each foreign key's values keys of the resource it names", async () => {
    const records = new Map<string, Record<string, unknown>[]>();
    for (const resource of descriptor.resources) {
      const text = gunzipSync(await readFile(path.join(host.dist, "downloads", resource.path))).toString("utf8");
      records.set(
        resource.name,
        text
          .slice(0, -1)
          .split("\n")
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      );
    }
    const keyOf = (record: Record<string, unknown>, fields: readonly string[]) =>
      JSON.stringify(fields.map((field) => record[field]));
    const problems: string[] = [];
    for (const { name, schema } of descriptor.resources) {
      const rows = records.get(name)!;
      if (schema.primaryKey !== undefined) {
        const keys = new Set(rows.map((row) => keyOf(row, schema.primaryKey!)));
        if (keys.size !== rows.length) problems.push(`${name}: ${rows.length - keys.size} repeated primary keys`);
        if (rows.some((row) => schema.primaryKey!.some((field) => row[field] === null || row[field] === undefined)))
          problems.push(`${name}: a primary key field is null`);
      }
      for (const { fields, reference } of schema.foreignKeys ?? []) {
        const known = new Set(records.get(reference.resource)!.map((row) => keyOf(row, reference.fields)));
        const dangling = rows.filter((row) => !known.has(keyOf(row, fields)));
        if (dangling.length > 0)
          problems.push(`${name} (${fields.join(", ")}) → ${reference.resource}: ${dangling.length} values missing`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("packageLicense", () => {
  it("maps a known license text to its Open Definition identifier and deed", () => {
    expect(packageLicense("CC BY 4.0")).toEqual({
      name: "CC-BY-4.0",
      path: "https://creativecommons.org/licenses/by/4.0/",
      title: "Creative Commons Attribution 4.0",
    });
  });

  // A seed's license text named a member of Object.prototype: `constructor` gave the Object function (the
  // descriptor's licenses became [null]), `__proto__` an empty object (no name, no title).
  it.each([["constructor"], ["__proto__"], ["toString"], ["hasOwnProperty"]])(
    "takes the seed text %s as an unknown license, not as a member of Object.prototype",
    (text) => {
      expect(packageLicense(text)).toEqual({ name: text, title: text });
    },
  );
});
