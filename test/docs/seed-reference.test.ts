import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeSeedFields } from "../../build/docs/seed-fields.ts";
import { renderSeedReference, sampleExamples } from "../../build/docs/seed-reference.ts";
import { SEED_RULES } from "../../build/load/check-seed-rules.ts";
import { brandSchema, unknownWhenAbsent } from "../../build/load/schemas.ts";
import { SEED_RESOURCES } from "../../build/load/seed-resources.ts";
import { verticalSchema } from "../../build/load/verticals.ts";

describe("describeSeedFields", () => {
  it("writes each field's type, presence and format in words, nested fields by their dotted path", () => {
    const schema = z.strictObject({
      rank: z.int().min(1).max(5).describe("Place in the list"),
      share: unknownWhenAbsent(z.number().min(0)),
      kind: z.enum(["a", "b"]).default("a"),
      code: z.string().regex(/^[A-Z]{3}$/, "Expected an ISO 4217 currency code"),
      tags: z.array(verticalSchema).min(2),
      store: z.strictObject({ since: z.iso.date() }).nullable(),
      followers: z.record(z.string(), z.int().min(0)).optional(),
    });
    expect(describeSeedFields(schema)).toEqual([
      { path: "rank", type: "integer", presence: "required", format: "from 1 to 5", description: "Place in the list" },
      {
        path: "share",
        type: "number",
        presence: "optional; absent or null = unknown",
        format: "at least 0",
        description: "",
      },
      { path: "kind", type: "text", presence: 'optional; absent = `"a"`', format: "one of `a`, `b`", description: "" },
      { path: "code", type: "text", presence: "required", format: "an ISO 4217 currency code", description: "" },
      {
        path: "tags",
        type: "list of texts",
        presence: "required",
        format: "each one of `casino`, `sportsbook` (also spelt `betting`), `poker`, `lottery`; at least 2 values",
        description: "",
      },
      { path: "store", type: "object", presence: "required; may be null", format: "", description: "" },
      { path: "store.since", type: "date", presence: "required", format: "YYYY-MM-DD", description: "" },
      { path: "followers", type: "map", presence: "optional", format: "", description: "" },
      { path: "followers.<key>", type: "integer", presence: "optional", format: "at least 0", description: "" },
    ]);
  });

  it("says a list names each value once, and lists a field added to a schema without anything else", () => {
    const fields = describeSeedFields(brandSchema.extend({ licence_note: unknownWhenAbsent(z.string()) }));
    expect(fields.find((field) => field.path === "markets")?.format).toBe(
      "each an upper-case ISO 3166-1 alpha-2 code; each value once",
    );
    expect(fields.at(-1)).toMatchObject({ path: "licence_note", presence: "optional; absent or null = unknown" });
  });
});

describe("the seed reference (docs/seeds.md)", () => {
  it("has a section per resource with every field, its key, references and rules", async () => {
    const document = await readFile("docs/seeds.md", "utf8");
    for (const resource of SEED_RESOURCES) {
      const start = document.indexOf(`### \`${resource.dir}/\``);
      expect(start, resource.dir).toBeGreaterThan(-1);
      const next = document.indexOf("\n### ", start + 1);
      const text = document.slice(start, next === -1 ? undefined : next);
      for (const field of describeSeedFields(resource.schema)) expect(text).toContain(`| \`${field.path}\` |`);
      expect(text).toContain(`Key: ${resource.key.map((field) => `\`${field}\``).join(" + ")}`);
      for (const reference of resource.references) expect(text).toContain(`\`${reference.field}`);
      for (const rule of SEED_RULES.filter((entry) => entry.resource === resource.name))
        expect(text.toLowerCase()).toContain(rule.rule.slice(0, 40).toLowerCase());
    }
    expect(document).toContain("| `period` | text | required | a month as YYYY-MM |");
  });

  it("shows sample records that the schemas accept", async () => {
    const examples = await sampleExamples("seeds");
    for (const resource of SEED_RESOURCES.filter((entry) => entry.optional !== true)) {
      const example = examples.get(resource.dir);
      expect(example, resource.dir).toBeDefined();
      expect(resource.schema.safeParse(example!.value).success, resource.dir).toBe(true);
    }
  });

  it("says when the sample has no record of a resource, and cuts long texts", () => {
    const markdown = renderSeedReference(
      new Map([["resumes", { file: "resumes/r.ndjson", value: { text: "x".repeat(100) }, whole: false }]]),
    );
    expect(markdown).toContain("No example: the committed sample has no record of it.");
    expect(markdown).toContain("the first record of the sample's `resumes/r.ndjson`; texts cut at 80 characters");
    expect(markdown).toContain(`"text": "${"x".repeat(80)}…"`);
  });
});
