import { describe, expect, it } from "vitest";
import { CsvLayout } from "../../build/load/csv-layout.ts";
import { readSeedText } from "../../build/load/read-seed-file.ts";
import { demandRowSchema } from "../../build/load/schemas.ts";
import { validateRecords } from "../../build/load/validate-records.ts";

/** Reads and validates demand rows as the loader does. */
function load(file: string, text: string) {
  const read = readSeedText(file, text, new CsvLayout(demandRowSchema));
  const checked = validateRecords(file, read.records, demandRowSchema);
  return { values: checked.valid.map((record) => record.value), problems: [...read.problems, ...checked.problems] };
}

describe("demand seeds: a missing measurement, a measured zero and a vertical (#27)", () => {
  it("reads NA in a CSV volume as an outage (null), 0 as a measured zero, and betting as sportsbook", () => {
    const { values, problems } = load(
      "s/demand/d.csv",
      "brand,country,period,vertical,volume\nalpha,GB,2026-09,,NA\nalpha,GB,2026-10,casino,0\nbeta,GB,2026-10,betting,12\n",
    );
    expect(problems).toEqual([]);
    expect(values).toEqual([
      { brand: "alpha", country: "GB", period: "2026-09", vertical: null, volume: null },
      { brand: "alpha", country: "GB", period: "2026-10", vertical: "casino", volume: 0 },
      { brand: "beta", country: "GB", period: "2026-10", vertical: "sportsbook", volume: 12 },
    ]);
  });

  it("reads volume null in NDJSON as an outage, and an absent vertical as all verticals", () => {
    const { values, problems } = load(
      "s/demand/d.ndjson",
      '{"brand":"alpha","country":"GB","period":"2026-09","volume":null}\n',
    );
    expect(problems).toEqual([]);
    expect(values).toEqual([{ brand: "alpha", country: "GB", period: "2026-09", vertical: null, volume: null }]);
  });

  it.each([
    ["an empty CSV cell", "s/demand/d.csv", "brand,country,period,volume\nalpha,GB,2026-09,\n"],
    ["an absent NDJSON key", "s/demand/d.ndjson", '{"brand":"alpha","country":"GB","period":"2026-09"}\n'],
  ])("refuses a missing volume (%s) with a message naming the outage marker", (_case, file, text) => {
    const { problems } = load(file, text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file, field: "volume" });
    expect(problems[0]!.message).toContain("NA in CSV or null in JSON");
  });

  it("refuses an unknown vertical, naming the vocabulary", () => {
    const { problems } = load("s/demand/d.csv", "brand,country,period,vertical,volume\nalpha,GB,2026-09,bingo,5\n");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ field: "vertical" });
    expect(problems[0]!.message).toMatch(/casino/);
  });
});
