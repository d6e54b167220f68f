/**
 * The sample generator: determinism, schema validity, referential integrity, the business
 * rules the loader and the APIs rely on, minimum counts and size budgets.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { CsvLayout } from "../../build/load/csv-layout.ts";
import { META_FILE, SEED_RESOURCES, type SeedResourceName } from "../../build/load/seed-resources.ts";
import { metaSchema } from "../../build/load/schemas.ts";
import type {
  Brand,
  Domain,
  GroundTruth,
  License,
  LobbyObservation,
  DemandRow,
  Regulator,
  Resume,
  TcAlert,
} from "../../build/load/schemas.ts";
import { generateSample } from "../../build/sample/generate-sample.ts";
import { monthsOfPeriod } from "../../build/shared/ggr-periods.ts";

type Row = Record<string, unknown>;

/** Reads one seed file the way the loader does: JSON array, NDJSON lines, or CSV with typed columns. */
function readRecords(path: string, text: string, resource: (typeof SEED_RESOURCES)[number]): Row[] {
  if (path.endsWith(".json")) return JSON.parse(text) as Row[];
  if (path.endsWith(".ndjson"))
    return text
      .split("\n")
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Row);
  const rows = parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  // Typed and nested by the layout, then given the schema's defaults (an empty expires_at cell: null).
  const layout = new CsvLayout(resource.schema);
  return rows.map((row) => resource.schema.parse(layout.build(row).value) as Row);
}

/** Every record of every resource, by resource name. */
function loadAll(files: Map<string, string>): Map<SeedResourceName, Row[]> {
  const out = new Map<SeedResourceName, Row[]>();
  for (const resource of SEED_RESOURCES) {
    const records: Row[] = [];
    for (const [path, text] of files) {
      if (path.startsWith(`${resource.dir}/`)) records.push(...readRecords(path, text, resource));
    }
    out.set(resource.name, records);
  }
  return out;
}

/** Collects rule violations; one expect per test keeps the test fast on ~100k records. */
function violations<T>(items: readonly T[], check: (item: T) => string | false | undefined): string[] {
  const out: string[] = [];
  for (const item of items) {
    const problem = check(item);
    if (problem && out.length < 10) out.push(problem);
  }
  return out;
}

const keyOf = (row: Row, fields: readonly string[]) => fields.map((f) => String(row[f])).join("\u0000");
const totalBytes = (files: Map<string, string>) =>
  [...files.values()].reduce((sum, text) => sum + Buffer.byteLength(text, "utf8"), 0);

let files: Map<string, string>;
let data: Map<SeedResourceName, Row[]>;
const get = <T>(name: SeedResourceName) => (data.get(name) ?? []) as unknown as T[];

beforeAll(() => {
  files = generateSample({ scale: 1 });
  data = loadAll(files);
});

describe("generateSample", () => {
  it("is deterministic: two runs give identical files", () => {
    const again = generateSample({ scale: 1 });
    expect([...again.keys()]).toEqual([...files.keys()]);
    for (const [path, text] of files) expect(again.get(path) === text, path).toBe(true);
  });

  it("writes the meta file and one file per resource, with LF line endings and a trailing newline", () => {
    expect(files.has(META_FILE)).toBe(true);
    for (const resource of SEED_RESOURCES)
      expect(
        [...files.keys()].some((p) => p.startsWith(`${resource.dir}/`)),
        resource.name,
      ).toBe(true);
    for (const [path, text] of files) {
      expect(text.endsWith("\n"), path).toBe(true);
      expect(text.includes("\r"), path).toBe(false);
    }
  });

  it("parses every record with its schema", () => {
    const meta = metaSchema.parse(JSON.parse(files.get(META_FILE) ?? "null"));
    expect(meta.synthetic).toBe(true);
    expect(meta.dataset.description).toMatch(/SYNTHETIC/);
    for (const resource of SEED_RESOURCES) {
      for (const [i, record] of get<Row>(resource.name).entries()) {
        const result = resource.schema.safeParse(record);
        if (!result.success)
          throw new Error(`${resource.name}[${i}] ${JSON.stringify(record)}: ${result.error.message}`);
      }
    }
  });

  it("has unique keys and satisfied references", () => {
    const keys = new Map<SeedResourceName, Set<string>>();
    for (const resource of SEED_RESOURCES) {
      const seen = new Set<string>();
      const duplicates = violations(get<Row>(resource.name), (row) => {
        const key = keyOf(row, resource.key);
        if (seen.has(key)) return `${resource.name} duplicate key ${key}`;
        seen.add(key);
        return false;
      });
      expect(duplicates).toEqual([]);
      keys.set(resource.name, seen);
      for (const ref of resource.references) {
        const target = keys.get(ref.resource);
        expect(target, `${resource.name} references ${ref.resource} before it is loaded`).toBeDefined();
        const dangling = violations(get<Row>(resource.name), (row) => {
          const values = ref.many ? (row[ref.field] as unknown[]) : [row[ref.field]];
          const missing = values.find((value) => !target?.has(String(value)));
          return (
            missing !== undefined && `${resource.name}.${ref.field} = ${String(missing)} has no ${ref.resource} record`
          );
        });
        expect(dangling).toEqual([]);
      }
    }
  });

  it("meets the minimum counts", () => {
    expect(get<Row>("countries")).toHaveLength(65);
    expect(get<Row>("regulators").length).toBeGreaterThanOrEqual(30);
    expect(get<Row>("brands").length).toBeGreaterThanOrEqual(800);
    expect(get<Row>("licenses").length).toBeGreaterThanOrEqual(2000);
    expect(get<Row>("providers").length).toBeGreaterThanOrEqual(150);
    expect(get<Row>("games").length).toBeGreaterThanOrEqual(6000);
    expect(get<Row>("tcAlerts").length).toBeGreaterThanOrEqual(3000);
    expect(get<Row>("resumes").length).toBeGreaterThanOrEqual(3000);
    expect(new Set(get<DemandRow>("demand").map((r) => r.country)).size).toBeGreaterThanOrEqual(40);
    expect(new Set(get<DemandRow>("demand").map((r) => r.period)).size).toBe(24);
    expect(new Set(get<GroundTruth>("groundTruth").map((r) => r.country)).size).toBeGreaterThanOrEqual(10);
  });

  it("keeps within the size budgets", () => {
    const bytes = (path: string) => Buffer.byteLength(files.get(path) ?? "", "utf8");
    // 8 MiB: the project's rule for the committed sample; larger scales are generated on demand (--scale N).
    expect(totalBytes(files)).toBeLessThan(8 * 1024 * 1024);
    expect(bytes("lobby/lobby-observations.csv")).toBeLessThanOrEqual(700_000);
    expect(bytes("demand/monthly-demand.csv")).toBeLessThanOrEqual(3_000_000);
    expect(bytes("resumes/resumes.ndjson")).toBeLessThanOrEqual(2_500_000);
  });

  it("gives every brand exactly one primary domain, on reserved names and documentation addresses", () => {
    const primaries = new Map<string, number>();
    const bad = violations(get<Domain>("domains"), (d) => {
      if (d.primary) primaries.set(d.brand, (primaries.get(d.brand) ?? 0) + 1);
      if (!/\.(example|test)$/.test(d.domain)) return `${d.domain}: not a reserved name`;
      if (!d.dns!.a!.every((a) => /^(192\.0\.2|198\.51\.100|203\.0\.113)\.\d{1,3}$/.test(a)))
        return `${d.domain}: A record outside the documentation ranges`;
      return (
        ![...d.dns!.mx!, ...d.dns!.ns!].every((host) => host.endsWith(".example")) &&
        `${d.domain}: MX/NS host not under .example`
      );
    });
    expect(bad).toEqual([]);
    expect(
      violations(
        get<Brand>("brands"),
        (b) => primaries.get(b.slug) !== 1 && `${b.slug}: ${primaries.get(b.slug) ?? 0} primaries`,
      ),
    ).toEqual([]);
  });

  it("keeps license dates consistent and leaves some brands unlicensed", () => {
    const bad = violations(get<License>("licenses"), (l) => {
      if ((l.status_changed_at === null) !== (l.status === "active"))
        return `${l.id}: status_changed_at must be null exactly while active`;
      if (l.issued_at < "2012-01-01" || l.issued_at > "2026-10-31") return `${l.id}: issued_at out of range`;
      if (l.status_changed_at !== null && (l.status_changed_at < l.issued_at || l.status_changed_at > "2026-11-01"))
        return `${l.id}: status_changed_at out of range`;
      if (l.expires_at !== null && l.expires_at <= l.issued_at) return `${l.id}: expires before it is issued`;
      return (
        l.status === "active" && l.expires_at !== null && l.expires_at <= "2026-11-01" && `${l.id}: active but expired`
      );
    });
    expect(bad).toEqual([]);
    const licensed = new Set(get<License>("licenses").map((l) => l.brand));
    const share = licensed.size / get<Brand>("brands").length;
    expect(share).toBeGreaterThan(0.7);
    expect(share).toBeLessThan(0.9);
  });

  it("observes lobbies and demand only in the brand's markets", () => {
    const markets = new Map(get<Brand>("brands").map((b) => [b.slug, new Set(b.markets)]));
    const outside = (r: { brand: string; country: string }) =>
      !markets.get(r.brand)?.has(r.country) && `${r.brand} ${r.country}`;
    expect(violations(get<LobbyObservation>("lobby"), outside)).toEqual([]);
    expect(violations(get<DemandRow>("demand"), outside)).toEqual([]);
    const lobbies = new Set(get<LobbyObservation>("lobby").map((o) => `${o.brand}/${o.country}`));
    expect(lobbies.size).toBeGreaterThanOrEqual(200);
    expect(get<DemandRow>("demand").some((d) => d.volume === 0)).toBe(true);
  });

  it("publishes ground truth through a regulator of the same jurisdiction, for at least 12 months per market", () => {
    const regulators = new Map(get<Regulator>("regulators").map((r) => [r.code, r]));
    // Months covered, not rows: a yearly register (DE) covers 12 months with one row, a quarterly one 3 a row.
    const months = new Map<string, Set<string>>();
    const bad = violations(get<GroundTruth>("groundTruth"), (g) => {
      const covered = months.get(g.country) ?? new Set<string>();
      for (const month of monthsOfPeriod(g.period)) covered.add(month);
      months.set(g.country, covered);
      return regulators.get(g.regulator_code)?.jurisdiction !== g.country && `${g.country} ${g.regulator_code}`;
    });
    expect(bad).toEqual([]);
    for (const [country, covered] of months) expect(covered.size, country).toBeGreaterThanOrEqual(12);
  });

  it("points alerts at the brand's primary domain", () => {
    const primary = new Map(
      get<Domain>("domains")
        .filter((d) => d.primary)
        .map((d) => [d.brand, d.domain]),
    );
    expect(
      violations(
        get<TcAlert>("tcAlerts"),
        (a) => new URL(a.url).hostname !== primary.get(a.brand) && `${a.id}: ${a.url}`,
      ),
    ).toEqual([]);
  });

  it("writes resumes with ids 1..N, contacts matching their quality, and 200–700 character texts in both languages", () => {
    const resumes = get<Resume>("resumes");
    let expectedId = 0;
    const bad = violations(resumes, (r) => {
      expectedId++;
      if (r.id !== expectedId) return `resume ${r.id}: expected id ${expectedId}`;
      if ((Object.keys(r.contacts).length === 0) !== (r.contact_quality === "none"))
        return `resume ${r.id}: contacts do not match ${r.contact_quality}`;
      return (r.text.length < 200 || r.text.length > 700) && `resume ${r.id}: text of ${r.text.length} characters`;
    });
    expect(bad).toEqual([]);
    const ru = resumes.filter((r) => r.language === "ru");
    expect(ru.length / resumes.length).toBeGreaterThan(0.15);
    expect(ru.length / resumes.length).toBeLessThan(0.25);
    expect(ru.every((r) => /[А-Яа-яЁё]/.test(r.text))).toBe(true);
    expect(ru.some((r) => r.text.includes("ё"))).toBe(true);
    expect(resumes.some((r) => /[éëø]/.test(r.text))).toBe(true);
  });
});

describe("npm run seed (scripts/seed.ts)", () => {
  it("exits 1 with the reason and no stack trace when the folder cannot be written (a file in the way)", async () => {
    const parent = await mkdtemp(join(tmpdir(), "seed-cli-"));
    try {
      const file = join(parent, "not-a-folder");
      await writeFile(file, "x");
      // A small scale: the check is the write's failure, and the default generates the whole sample first (issue 29).
      const result = spawnSync(
        process.execPath,
        ["--import", "tsx", "scripts/seed.ts", "--out", file, "--scale", "0.01"],
        { encoding: "utf8" },
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`The sample could not be written to ${file}: ENOTDIR`);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
