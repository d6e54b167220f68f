/**
 * Issue 31: consent per resume, `--resume-contacts`, and erasure, checked on every file of a built dist/
 * (compressed variants and gzip downloads read decompressed) and on the host's live answers.
 */
import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatReport } from "../../../build/cli.ts";
import type { ContactScope } from "../../../build/load/schemas.ts";
import { BUILD_REPORT_FILE, runBuild, type BuildReport } from "../../../build/run-build.ts";
import { ENDPOINTS } from "../../../build/query/endpoints.ts";
import type { HandlerDeps } from "../../../build/serve/handle-request.ts";
import { openHostSnapshots } from "../../../build/serve/host-snapshots.ts";
import { createLiveCache, DEFAULT_LIVE_CACHE_MB } from "../../../build/serve/live-cache.ts";
import type { LoadedHost } from "../../../build/serve/load-host.ts";
import { parseSearchIndex } from "../../../build/search/search-index-codec.ts";
import { copySeeds } from "../../fixtures/seeds-invalid.ts";
import { requestInProcess } from "../../helpers/in-process-request.ts";
import { distTexts, filesHolding } from "./dist-text.ts";

const OVERLAY = fileURLToPath(new URL("../../fixtures/seeds-contacts", import.meta.url));
const CARD = (id: number) => `responses/resume/api/v1/resumes/${id}/index.json`;
/** A card's file and its compressed variants, where it has them (a small body has none). */
const CARD_FILE = /^responses\/resume\/api\/v1\/resumes\/(\d+)\/index\.json(?:\.br|\.gz)?$/;
/** The ids of the cards among `files`, and whether every file is one. */
function cardsOnly(files: readonly string[]): { ids: string[]; others: string[] } {
  const ids = new Set(files.map((file) => CARD_FILE.exec(file)?.[1]).filter((id) => id !== undefined));
  return { ids: [...ids].sort(), others: files.filter((file) => !CARD_FILE.test(file)) };
}
/** The engine's dataset keeps what cards need (never served). */
const ENGINE = "_engine/dataset.json";

/** What identifies each fixture person's contacts, and the erased people's names and contacts. */
const CONTACTS = {
  public: ["public.person@example.com"],
  cardOnly: ["card.only@example.com", "@card_only_tg", "+44 20 7946 0002"],
  withheld: ["withheld.person@example.com", "+7 900 000 00 03", "withheld.example.com"],
  noConsent: ["default.person@example.com", "linkedin.example.com/in/default-person"],
};
const ERASED = [
  "Erasmus Idlewild",
  "Ottilie Gonebye",
  "Павел Исчезнувший",
  "erased.by.id@example.com",
  "erased.mail@example.com",
  "+7 900 000 00 07",
  "Erased By",
];

let root: { dir: string; cleanup: () => Promise<void> };
const builds = new Map<ContactScope, { dist: string; report: BuildReport; texts: Map<string, string> }>();

async function seedsWithContacts(): Promise<string> {
  await cp(OVERLAY, root.dir, { recursive: true, filter: (source) => !source.endsWith("README.md") });
  return root.dir;
}

beforeAll(async () => {
  root = await copySeeds();
  const seedsDir = await seedsWithContacts();
  for (const scope of ["public", "card_only", "withheld"] as const) {
    const dist = path.join(path.dirname(root.dir), `dist-${scope}`);
    const report = await runBuild({
      seedsDir,
      outDir: dist,
      baseUrl: "https://data.example.com",
      maxFiles: 20_000,
      dryRun: false,
      resumeContacts: scope,
    });
    builds.set(scope, { dist, report, texts: await distTexts(dist) });
  }
}, 240_000);
afterAll(async () => root.cleanup());

const texts = (scope: ContactScope) => builds.get(scope)!.texts;

describe("--resume-contacts public (the default)", () => {
  it("publishes a public consent's contact in the card, the exports and the download", () => {
    const files = filesHolding(texts("public"), CONTACTS.public[0]!);
    expect(files).toEqual(
      expect.arrayContaining([
        CARD(1),
        "downloads/resumes.ndjson.gz",
        "responses/resume/api/v1/resumes/export/index.ndjson",
      ]),
    );
    expect(filesHolding(texts("public"), CONTACTS.noConsent[0]!)).toContain("downloads/resumes.ndjson.gz");
  });

  it("carries in the CSV, the Parquet file and the archive of all exactly what the NDJSON download carries (#28)", () => {
    for (const contact of [CONTACTS.public[0]!, CONTACTS.noConsent[0]!]) {
      const holding = filesHolding(texts("public"), contact);
      expect(holding).toEqual(expect.arrayContaining(["downloads/resumes.csv", "downloads/resumes.parquet"]));
      const archived = holding.filter((file) => /^downloads\/all-downloads\.tar\.gz!downloads-[^/]+\//.test(file));
      expect(archived.map((file) => file.replace(/^.*\//, "")).sort()).toEqual([
        "resumes.csv",
        "resumes.ndjson.gz",
        "resumes.parquet",
      ]);
    }
  });

  it.each(CONTACTS.cardOnly)("keeps the card-only contact %s to the card and the engine's dataset", (contact) => {
    expect(cardsOnly(filesHolding(texts("public"), contact))).toEqual({ ids: ["2"], others: [ENGINE] });
  });

  it.each(CONTACTS.withheld)("publishes the withheld contact %s nowhere", (contact) => {
    expect(filesHolding(texts("public"), contact)).toEqual([]);
  });
});

describe("--resume-contacts card_only", () => {
  it.each([...CONTACTS.public, ...CONTACTS.cardOnly, ...CONTACTS.noConsent])(
    "keeps %s to its card and the engine's dataset",
    (contact) => {
      const { ids, others } = cardsOnly(filesHolding(texts("card_only"), contact));
      expect(others).toEqual([ENGINE]);
      expect(ids).toHaveLength(1);
    },
  );

  it("gives one has_contacts and contact_quality per resume: what the card publishes", () => {
    const line = texts("card_only")
      .get("downloads/resumes.ndjson.gz")!
      .split("\n")
      .find((row) => row.startsWith('{"id":2,'))!;
    expect(JSON.parse(line)).toMatchObject({
      has_contacts: true,
      contact_quality: "direct",
      contacts: {},
      text: "Media buying on Facebook. Reach me at [contact removed], [contact removed] or [contact removed].",
    });
    expect(JSON.parse(texts("card_only").get(CARD(2))!).data).toMatchObject({
      has_contacts: true,
      contact_quality: "direct",
      contacts: { email: "card.only@example.com" },
    });
  });
});

describe("--resume-contacts withheld", () => {
  it.each(Object.values(CONTACTS).flat())("publishes %s nowhere, engine files included", (contact) => {
    expect(filesHolding(texts("withheld"), contact)).toEqual([]);
  });

  it("describes every resume as without contacts, in lists, cards and the download alike", () => {
    const list = JSON.parse(texts("withheld").get("responses/resume/api/v1/resumes/index.json")!) as {
      data: { has_contacts: boolean; contact_quality: string }[];
    };
    expect(list.data.map((item) => [item.has_contacts, item.contact_quality])).toEqual(
      list.data.map(() => [false, "none"]),
    );
    expect(JSON.parse(texts("withheld").get(CARD(1))!).data).toMatchObject({
      has_contacts: false,
      contact_quality: "none",
      contacts: {},
      text: "Seven years of SEO. Write to [contact removed].",
    });
  });
});

describe.each(["public", "card_only", "withheld"] as const)("erasure with --resume-contacts %s", (scope) => {
  it.each(ERASED)("leaves %s out of every file", (needle) => {
    expect(filesHolding(texts(scope), needle)).toEqual([]);
  });

  it("leaves no record with an erased person's id in any file", () => {
    const ids = new Set<number>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(collect);
      else if (typeof value === "object" && value !== null) {
        const record = value as Record<string, unknown>;
        if (typeof record.id === "number" && "role" in record) ids.add(record.id);
        Object.values(record).forEach(collect);
      }
    };
    for (const [file, text] of texts(scope)) {
      if (file.endsWith(".json")) collect(JSON.parse(text));
      else if (file.includes(".ndjson") || file.endsWith(".parquet"))
        text
          .split("\n")
          .filter(Boolean)
          .forEach((line) => collect(JSON.parse(line)));
    }
    expect([...ids].sort()).toEqual([1, 2, 3, 4]);
    expect([...parseSearchIndex(texts(scope).get("_engine/resume-search.json")!).ids]).toEqual([1, 2, 3, 4]);
    expect([...texts(scope).keys()].filter((file) => /\/resumes\/[567]\//.test(file))).toEqual([]);
  });

  it("counts the erased in the summary without naming them, and warns of an entry matching nothing", () => {
    const { report } = builds.get(scope)!;
    expect(report.erasure).toEqual({ erased: 3, unmatched: ["resume_ids[1]"] });
    const summary = formatReport(report).join("\n");
    expect(summary).toContain("Erasure: 3 resumes left out on request (meta/suppressions.json).");
    expect(summary).toContain("Warning: 1 entry of meta/suppressions.json matches no resume: resume_ids[1].");
    for (const needle of ERASED) expect(summary).not.toContain(needle);
  });
});

describe("the contact rule, said where people read it", () => {
  it.each([
    ["public", "are published as far as each person agreed"],
    ["card_only", "appear only on a resume"],
    ["withheld", "Contacts are not published"],
  ] as const)(
    "%s: the discovery document, data package, llms.txt, downloads page and OpenAPI document state it and the removal address",
    (scope, words) => {
      const discovery = JSON.parse(texts(scope).get("responses/resume/api/v1/index.json")!) as Record<string, string>;
      expect(discovery).toMatchObject({ contacts_rule: scope, removal_contact: "data@example.com" });
      expect(discovery.contacts_policy).toContain(words);
      const resumes = (
        JSON.parse(texts(scope).get("downloads/datapackage.json")!) as {
          resources: { name: string; description: string }[];
        }
      ).resources.find((resource) => resource.name === "resumes")!;
      for (const file of ["llms.txt", "downloads/index.html", "responses/resume/api/v1/openapi.json/index.json"])
        expect(texts(scope).get(file)).toContain(words);
      expect(resumes.description).toContain(words);
      expect(resumes.description).toContain("write to data@example.com");
    },
  );
});

describe("live answers and the host's caches", () => {
  // In process: the host's snapshots of dist/ (kept current as startHost keeps them, a live cache each), no socket.
  const depsOf = ({ context, store }: LoadedHost): HandlerDeps => ({
    context,
    endpoints: ENDPOINTS,
    store,
    liveCache: createLiveCache(DEFAULT_LIVE_CACHE_MB * 1024 * 1024),
  });
  const openHost = (dist: string, onReload?: () => void) =>
    openHostSnapshots(dist, depsOf, { pollMs: 50, logError: () => {}, onReload });

  it("answers no erased person and finds no resume by a contact the list does not show", async () => {
    const host = await openHost(builds.get("public")!.dist);
    try {
      const get = async (url: string) => {
        const response = await requestInProcess(host.current(), url);
        return { status: response.status, text: await response.text() };
      };
      expect((await get("/resume/api/v1/resumes/5")).status).toBe(404);
      expect(JSON.parse((await get("/resume/api/v1/resumes?q=Erasmus")).text).meta.total).toBe(0);
      expect(JSON.parse((await get("/resume/api/v1/resumes?q=card_only_tg")).text).meta.total).toBe(0);
      expect(JSON.parse((await get("/resume/api/v1/resumes?q=public.person")).text).meta.total).toBe(1);
      const exported = (await get("/resume/api/v1/resumes/export?q=facebook")).text;
      expect(exported).toContain('"id":2');
      expect(exported).not.toContain("card.only@example.com");
    } finally {
      host.close();
    }
  });

  it("forgets a person erased after the host took them in, and leaves no old tree beside dist/", async () => {
    const seeds = await copySeeds();
    try {
      await cp(OVERLAY, seeds.dir, {
        recursive: true,
        filter: (source) => !source.endsWith("README.md") && !source.endsWith("suppressions.json"),
      });
      const dist = path.join(path.dirname(seeds.dir), "dist");
      const build = () =>
        runBuild({
          seedsDir: seeds.dir,
          outDir: dist,
          baseUrl: "https://data.example.com",
          maxFiles: 20_000,
          dryRun: false,
          removePreviousInBackground: true,
        });
      await build();
      const reloads: unknown[] = [];
      const host = await openHost(dist, () => reloads.push(dist));
      try {
        const get = async (url: string) => (await requestInProcess(host.current(), url)).text();
        expect(await get("/resume/api/v1/resumes/5")).toContain("Erasmus Idlewild");
        expect(await get("/resume/api/v1/resumes?q=Erasmus")).toContain('"total":1');
        await writeFile(path.join(seeds.dir, "meta", "suppressions.json"), JSON.stringify({ resume_ids: [5] }));
        const report = await build();
        expect(report.erasure).toEqual({ erased: 1, unmatched: [] });
        expect((await readdir(path.dirname(dist))).sort()).toEqual([BUILD_REPORT_FILE, "dist", "seeds"]);
        for (let waited = 0; reloads.length === 0 && waited < 5000; waited += 50)
          await new Promise((resolve) => setTimeout(resolve, 50));
        expect(reloads.length).toBe(1);
        expect(await get("/resume/api/v1/resumes/5")).toContain("resume_not_found");
        expect(await get("/resume/api/v1/resumes?q=Erasmus")).toContain('"total":0');
      } finally {
        host.close();
      }
    } finally {
      await seeds.cleanup();
    }
  }, 120_000);
});

describe("the seed format", () => {
  it("names the file, record and field of a bad consent and of a bad suppression list", async () => {
    const seeds = await copySeeds();
    try {
      const resumes = path.join(seeds.dir, "resumes", "resumes.ndjson");
      await writeFile(
        resumes,
        (await readFile(resumes, "utf8")).replace(
          '"text":"Seven',
          '"consent":{"contacts":"everyone","given_at":"2024-01-01T00:00:00Z"},"text":"Seven',
        ),
      );
      await writeFile(path.join(seeds.dir, "meta", "suppressions.json"), JSON.stringify({ emails: "x@example.com" }));
      const failure = await runBuild({
        seedsDir: seeds.dir,
        outDir: path.join(path.dirname(seeds.dir), "dist"),
        baseUrl: "https://data.example.com",
        maxFiles: 20_000,
        dryRun: true,
      }).catch((error: Error) => error);
      expect(String(failure)).toContain("seeds/resumes/resumes.ndjson › line 1 › consent.contacts");
      expect(String(failure)).toContain("seeds/meta/suppressions.json › emails");
    } finally {
      await seeds.cleanup();
    }
  });
});
