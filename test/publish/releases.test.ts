/**
 * Issue 34: releases that stay. seeds-min's build, then a build into the same output with a change (a brand
 * added, one removed, one renamed, the snapshot moved), then a third build unchanged.
 */
import { createHash } from "node:crypto";
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatReport } from "../../build/cli.ts";
import type { ReleaseEntry } from "../../build/compute/releases.ts";
import { diffRecords } from "../../build/publish/release-changes.ts";
import { runBuild, type BuildReport } from "../../build/run-build.ts";
import { startHost } from "../../build/serve/start-host.ts";
import { copySeeds } from "../fixtures/seeds-invalid.ts";
import { SEEDS_MIN_BASE_URL } from "../helpers/global-setup.ts";
import { copySeedsMinBuild } from "../helpers/seeds-min-build.ts";
import { hashTree } from "../fixtures/tree-hash.ts";

const CONTACTS = fileURLToPath(new URL("../fixtures/seeds-contacts", import.meta.url));

let seeds: { dir: string; cleanup: () => Promise<void> };
let dist: string;
/** The reports of the second build (the change) and the third (nothing changed). */
const reports: BuildReport[] = [];
let firstTree: Record<string, string>;
let secondTree: Record<string, string>;

const build = (extra: Partial<Parameters<typeof runBuild>[0]> = {}) =>
  runBuild({
    seedsDir: seeds.dir,
    outDir: dist,
    // The options of the global setup's seeds-min build, which is the first release here.
    baseUrl: SEEDS_MIN_BASE_URL,
    maxFiles: 20_000,
    dryRun: false,
    ...extra,
  });
const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(path.join(dist, file), "utf8")) as T;
const edit = async (file: string, change: (text: string) => string) =>
  writeFile(path.join(seeds.dir, file), change(await readFile(path.join(seeds.dir, file), "utf8")));

/** The second release's seeds: Epsilon Win added, Delta Spins (and its domain) removed, Gamma Play renamed, the snapshot a month later. */
async function changeSeeds(): Promise<void> {
  await edit("brands/brands.ndjson", (text) => {
    const lines = text.trimEnd().split("\n");
    const delta = lines.find((line) => line.includes('"slug":"delta-spins"'))!;
    const epsilon = delta
      .replace('"slug":"delta-spins"', '"slug":"epsilon-win"')
      .replace('"name":"Delta Spins"', '"name":"Epsilon Win"');
    return `${[...lines.filter((line) => line !== delta), epsilon].join("\n").replace('"name":"Gamma Play"', '"name":"Gamma Play Renamed"')}\n`;
  });
  await edit(
    "domains/domains.ndjson",
    (text) =>
      `${text
        .trimEnd()
        .split("\n")
        .filter((line) => !line.includes('"brand":"delta-spins"'))
        .join("\n")}\n`,
  );
  await edit("meta/meta.json", (text) =>
    text.replace('"snapshot_at": "2025-01-01T00:00:00Z"', '"snapshot_at": "2025-02-01T00:00:00Z"'),
  );
}

beforeAll(async () => {
  seeds = await copySeeds();
  dist = path.join(path.dirname(seeds.dir), "dist");
  // The first release: seeds-min as the global setup built it with these options (the same bytes a build
  // here would write: builds are deterministic), copied rather than built a third time.
  await copySeedsMinBuild(dist);
  firstTree = await hashTree(dist);
  await changeSeeds();
  reports.push(await build());
  secondTree = await hashTree(dist);
  reports.push(await build());
}, 240_000);
afterAll(async () => seeds.cleanup());

describe("releases across builds into one output", () => {
  it("names each release by its snapshot and lists both, newest first", async () => {
    const listing = await readJson<{ current: string; releases: ReleaseEntry[] }>("downloads/releases.json");
    expect(listing.current).toBe("2025-02-01");
    expect(listing.releases.map((release) => [release.name, release.snapshot, release.created])).toEqual([
      ["2025-02-01", "2025-02-01T00:00:00Z", "2025-02-01T00:00:00Z"],
      ["2025-01-01", "2025-01-01T00:00:00Z", "2025-01-01T00:00:00Z"],
    ]);
    const pkg = await readJson<{ version: string; created: string; url: string }>("downloads/datapackage.json");
    expect(pkg).toMatchObject({
      version: "2025-02-01",
      created: "2025-02-01T00:00:00Z",
      url: "https://data.example.com/downloads/2025-02-01/",
    });
  });

  it("keeps the first release's files byte for byte, with the hashes they were first published with", async () => {
    const first = Object.entries(firstTree).filter(([file]) => file.startsWith("downloads/2025-01-01/"));
    expect(first.length).toBeGreaterThan(15);
    for (const [file, hash] of first) expect(secondTree[file]).toBe(hash);
    // The first build's current downloads are the first release's files.
    expect(firstTree["downloads/2025-01-01/brands.ndjson.gz"]).toBe(firstTree["downloads/brands.ndjson.gz"]);
    const listing = await readJson<{ releases: ReleaseEntry[] }>("downloads/releases.json");
    for (const file of listing.releases[1]!.files)
      expect(
        createHash("sha256")
          .update(await readFile(path.join(dist, "downloads/2025-01-01", file.name)))
          .digest("hex"),
      ).toBe(file.sha256);
  });

  it("serves the first release's files as they were published", async () => {
    const host = await startHost({ port: 0, host: "127.0.0.1", dist, rateLimit: 0, trustProxy: false });
    try {
      for (const file of ["brands.ndjson.gz", "datapackage.json"]) {
        const response = await fetch(`${host.url}/downloads/2025-01-01/${file}`, {
          headers: { "accept-encoding": "identity" },
        });
        expect(response.status).toBe(200);
        expect(
          createHash("sha256")
            .update(Buffer.from(await response.arrayBuffer()))
            .digest("hex"),
        ).toBe(firstTree[`downloads/2025-01-01/${file}`]);
      }
    } finally {
      await host.close(0);
    }
  });

  it("names exactly the changes of brands in changes.json, the build summary and the downloads page", async () => {
    const changes = await readJson<{ previous: string; resources: Record<string, unknown> }>(
      "downloads/2025-02-01/changes.json",
    );
    expect(changes.previous).toBe("2025-01-01");
    // The current Trust Score is as of the snapshot (#27), which moved a month: every description names the new
    // month, and beta-bet's score moves (its transparency window now holds six watched months).
    expect(changes.resources.brands).toEqual({
      added: ["epsilon-win"],
      removed: ["delta-spins"],
      changed: [
        { key: "alpha-casino", fields: ["description"] },
        { key: "beta-bet", fields: ["description", "trust_components", "trust_score"] },
        { key: "gamma-play", fields: expect.arrayContaining(["name"]) },
      ],
    });
    expect(reports[0]!.release).toMatchObject({ name: "2025-02-01", kept: 1 });
    expect(formatReport(reports[0]!).join("\n")).toContain("brands: 1 added, 1 removed, 3 changed");
    expect(await readFile(path.join(dist, "downloads/index.html"), "utf8")).toContain(
      "brands: 1 added, 1 removed, 3 changed",
    );
  });

  it("adds no release when nothing changed", async () => {
    expect(reports[1]!.publish?.unchanged).toBe(true);
    expect(await hashTree(dist)).toEqual(secondTree);
  });

  it("does not duplicate a release rebuilt from the same seeds with other options", async () => {
    await build({ maxFiles: 19_999 });
    const listing = await readJson<{ releases: ReleaseEntry[] }>("downloads/releases.json");
    expect(listing.releases.map((release) => release.name)).toEqual(["2025-02-01", "2025-01-01"]);
  });

  it("keeps at most --keep-releases releases", async () => {
    await build({ keepReleases: 1 });
    const listing = await readJson<{ releases: ReleaseEntry[] }>("downloads/releases.json");
    expect(listing.releases.map((release) => release.name)).toEqual(["2025-02-01"]);
  });
});

describe("how to cite", () => {
  it("gives a citation with the release's URL and snapshot on the landing and downloads pages, and CITATION.cff", async () => {
    for (const page of ["index.html", "downloads/index.html"]) {
      const html = await readFile(path.join(dist, page), "utf8");
      expect(html).toContain("release 2025-02-01 (snapshot 2025-02-01T00:00:00Z)");
      expect(html).toContain("url = {https://data.example.com/downloads/2025-02-01/}");
    }
    const cff = await readFile(path.join(dist, "downloads/CITATION.cff"), "utf8");
    expect(cff).toContain('version: "2025-02-01"');
    expect(cff).toContain('url: "https://data.example.com/downloads/2025-02-01/"');
  });
});

describe("kept releases under the contact rules and erasure", () => {
  it("rewrites a kept release without a person erased since, and says so", async () => {
    const other = await copySeeds();
    try {
      await cp(CONTACTS, other.dir, {
        recursive: true,
        filter: (source) => !source.endsWith("README.md") && !source.endsWith("suppressions.json"),
      });
      const out = path.join(path.dirname(other.dir), "dist");
      const options = {
        seedsDir: other.dir,
        outDir: out,
        baseUrl: "https://data.example.com",
        maxFiles: 20_000,
        dryRun: false,
      };
      await runBuild(options);
      const gz = async (file: string) =>
        (await import("node:zlib")).gunzipSync(await readFile(path.join(out, file))).toString("utf8");
      expect(await gz("downloads/2025-01-01/resumes.ndjson.gz")).toContain("Erasmus Idlewild");
      await writeFile(
        path.join(other.dir, "meta", "meta.json"),
        (await readFile(path.join(other.dir, "meta", "meta.json"), "utf8")).replace(
          "2025-01-01T00:00:00Z",
          "2025-02-01T00:00:00Z",
        ),
      );
      await writeFile(path.join(other.dir, "meta", "suppressions.json"), JSON.stringify({ resume_ids: [5] }));
      await runBuild({ ...options, resumeContacts: "card_only" });
      const kept = await gz("downloads/2025-01-01/resumes.ndjson.gz");
      expect(kept).not.toContain("Erasmus Idlewild");
      expect(kept).not.toContain("public.person@example.com");
      const listing = JSON.parse(await readFile(path.join(out, "downloads/releases.json"), "utf8")) as {
        releases: ReleaseEntry[];
      };
      expect(listing.releases[1]!.rewritten).toBe(
        "Rewritten by release 2025-02-01: 1 resume erased on request; contacts of 4 resumes removed under the contact rule in force.",
      );
      const pkg = JSON.parse(await readFile(path.join(out, "downloads/2025-01-01/datapackage.json"), "utf8")) as {
        resources: { path: string; hash: string }[];
      };
      const file = listing.releases[1]!.files.find((entry) => entry.name === "resumes.ndjson.gz")!;
      expect(pkg.resources.find((resource) => resource.path === "resumes.ndjson.gz")!.hash).toBe(
        `sha256:${file.sha256}`,
      );
    } finally {
      await other.cleanup();
    }
  }, 120_000);
});

describe("diffRecords", () => {
  it.each([
    [
      ["slug"],
      [{ slug: "a", name: "A" }],
      [{ slug: "a", name: "B" }],
      { added: [], removed: [], changed: [{ key: "a", fields: ["name"] }] },
    ],
    [["slug"], [{ slug: "a" }], [{ slug: "b" }], { added: ["b"], removed: ["a"], changed: [] }],
    [
      ["brand", "period"],
      [{ brand: "a", period: "2025-01", v: 1 }],
      [{ brand: "a", period: "2025-01", v: 1 }],
      { added: [], removed: [], changed: [] },
    ],
    [
      ["brand", "period"],
      [],
      [{ brand: "a", period: "2025-01" }],
      { added: [{ brand: "a", period: "2025-01" }], removed: [], changed: [] },
    ],
  ])("keys %j", (key, before, after, expected) => {
    expect(diffRecords(key, before, after)).toEqual(expected);
  });
});
