/**
 * The seed reference of docs/seeds.md (#26), generated: for each resource its folder, key, references and
 * rules, every field in words (seed-fields.ts), and one example record taken from the committed sample.
 * Everything comes from the schemas and the resource table, so a new resource or field appears unasked.
 * @module
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { z } from "zod";
import { OBSERVED_FIELDS, SEED_RULES } from "../load/check-seed-rules.ts";
import { CsvLayout } from "../load/csv-layout.ts";
import { scanResourceFolder } from "../load/find-seed-files.ts";
import { readSeedText } from "../load/read-seed-file.ts";
import { metaSchema, suppressionsSchema } from "../load/schemas.ts";
import { META_FILE, SEED_RESOURCES, SUPPRESSIONS_FILE, type SeedResource } from "../load/seed-resources.ts";
import { describeSeedFields } from "./seed-fields.ts";

/** A seed file that holds one object rather than records (meta, the suppression list). */
interface SeedObjectFile {
  file: string;
  description: string;
  schema: z.ZodType;
  optional?: boolean;
}

const OBJECT_FILES: readonly SeedObjectFile[] = [
  { file: META_FILE, description: "The snapshot's identity, shared by both services", schema: metaSchema },
  {
    file: SUPPRESSIONS_FILE,
    description: "People erased on request (see docs/resume-contacts.md)",
    schema: suppressionsSchema,
    optional: true,
  },
];

/** An example's text values longer than this are cut (a resume's text), so the reference stays readable. */
const EXAMPLE_TEXT_LIMIT = 80;

/** An example from the sample: a file's first record, or the whole of a one-object file. */
export interface SampleExample {
  file: string;
  value: unknown;
  whole: boolean;
}

/** The first record of each resource, and each object file, in the sample at `seedsDir`, by folder or file. */
export async function sampleExamples(seedsDir: string): Promise<Map<string, SampleExample>> {
  const examples = new Map<string, SampleExample>();
  for (const resource of SEED_RESOURCES) {
    const { files } = await scanResourceFolder(seedsDir, resource.dir);
    const first = files[0];
    if (first === undefined) continue;
    const text = await readFile(path.join(seedsDir, first), "utf8");
    const record = readSeedText(first, text, new CsvLayout(resource.schema)).records[0];
    if (record !== undefined) examples.set(resource.dir, { file: first, value: record.value, whole: false });
  }
  for (const object of OBJECT_FILES) {
    const text = await readFile(path.join(seedsDir, object.file), "utf8").catch(() => undefined);
    if (text !== undefined)
      examples.set(object.file, { file: object.file, value: JSON.parse(text) as unknown, whole: true });
  }
  return examples;
}

/** The reference as Markdown: one section per object file and per resource, in the loader's order. */
export function renderSeedReference(examples: ReadonlyMap<string, SampleExample>): string {
  const sections = [
    ...OBJECT_FILES.map((object) =>
      section(
        `\`${object.file}\`${object.optional ? " (optional)" : ""}`,
        `${object.description}. One JSON object.`,
        [],
        object.schema,
        examples.get(object.file),
      ),
    ),
    ...SEED_RESOURCES.map((resource) =>
      section(
        `\`${resource.dir}/\`${resource.optional ? " (optional)" : ""}`,
        `${resource.description}.`,
        resourceRules(resource),
        resource.schema,
        examples.get(resource.dir),
      ),
    ),
  ];
  return sections.join("\n\n");
}

/** Key, references and every rule of the seed checks that concerns the resource. */
function resourceRules(resource: SeedResource): string[] {
  const dirOf = (name: string) => SEED_RESOURCES.find((other) => other.name === name);
  const rules = [
    `Key: ${resource.key.map((field) => `\`${field}\``).join(" + ")} (no two records share it).`,
    ...resource.references.map((reference) => {
      const target = dirOf(reference.resource);
      const key = target?.key.map((field) => `\`${field}\``).join(" + ") ?? "its key";
      return `\`${reference.field}${reference.many ? "[]" : ""}\` names ${reference.many ? "records" : "a record"} of \`${target?.dir ?? reference.resource}/\` by ${key}.`;
    }),
    ...SEED_RULES.filter((rule) => rule.resource === resource.name).map((rule) => `${capitalise(rule.rule)}.`),
  ];
  const observed = OBSERVED_FIELDS.filter((entry) => entry.resource === resource.name).map(
    (entry) => `\`${entry.field}\``,
  );
  if (observed.length > 0)
    rules.push(
      `Not after the snapshot (\`meta.snapshot_at\`, or \`--snapshot-at\`): ${observed.join(", ")}; a month or period counts by its last month, a date by the snapshot's UTC date.`,
    );
  return rules;
}

function capitalise(text: string): string {
  return text.startsWith("`") ? text : `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

function section(
  title: string,
  intro: string,
  rules: readonly string[],
  schema: z.ZodType,
  example: SampleExample | undefined,
): string {
  const rows = describeSeedFields(schema).map(
    (field) =>
      `| \`${field.path}\` | ${cell(field.type)} | ${cell(field.presence)} | ${cell(field.format)} | ${cell(field.description)} |`,
  );
  const parts = [
    `### ${title}`,
    "",
    intro,
    ...(rules.length === 0 ? [] : ["", ...rules.map((rule) => `- ${rule}`)]),
    "",
    "| field | type | presence | vocabulary or format | meaning |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    ...exampleLines(example),
  ];
  return parts.join("\n");
}

function exampleLines(example: SampleExample | undefined): string[] {
  if (example === undefined) return ["No example: the committed sample has no record of it."];
  const { file, value, whole } = example as SampleExample;
  return [
    `Example (${whole ? "" : "the first record of "}the sample's \`${file}\`${hasLongText(value) ? `; texts cut at ${EXAMPLE_TEXT_LIMIT} characters` : ""}):`,
    "",
    "```json",
    JSON.stringify(value, (_key, item: unknown) => (typeof item === "string" ? shorten(item) : item), 2),
    "```",
  ];
}

function shorten(text: string): string {
  return text.length > EXAMPLE_TEXT_LIMIT ? `${text.slice(0, EXAMPLE_TEXT_LIMIT)}…` : text;
}

function hasLongText(value: unknown): boolean {
  if (typeof value === "string") return value.length > EXAMPLE_TEXT_LIMIT;
  if (typeof value !== "object" || value === null) return false;
  return Object.values(value).some(hasLongText);
}

function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}
