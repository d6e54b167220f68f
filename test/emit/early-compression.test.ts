import { afterEach, describe, expect, it } from "vitest";
import { COMPRESS_MIN_BYTES, compressBodySync } from "../../build/emit/compress-body.ts";
import { compressOutputs, type PreviousOutput } from "../../build/emit/compress-outputs.ts";
import { startEarlyCompression, type EarlyCompression } from "../../build/emit/early-compression.ts";
import { MANIFEST_FILE, serializeManifest } from "../../build/emit/plan-outputs.ts";
import { jsonBody, makePlan } from "./compress-fixtures.ts";

const BIG = "responses/api/dataset/v1/brands/index.json";
const OTHER = "responses/api/dataset/v1/brands/page=2.json";
const SMALL = "responses/api/dataset/v1/brands/country=GB.json";

let early: EarlyCompression | undefined;
afterEach(async () => {
  await early?.close();
  early = undefined;
});

/** The plan's files and manifest entries by path, for offering them as planOutputs does. */
function offerAll(compression: EarlyCompression, plan: ReturnType<typeof makePlan>): void {
  for (const file of plan.files) {
    const entry = plan.manifest.files[file.path];
    if (entry !== undefined) compression.offer(file, entry);
  }
}

describe("startEarlyCompression", () => {
  it("gives, from its threads, the bytes of compressBodySync in both codings (its settings cannot drift)", async () => {
    early = startEarlyCompression(undefined, 2);
    const bodies = [jsonBody(5000), `${JSON.stringify({ text: "Медиабайер, «Ünïcödé» — 東京 ".repeat(200) })}\n`, jsonBody(2 * COMPRESS_MIN_BYTES, "third")];
    const plan = makePlan(Object.fromEntries(bodies.map((body, i) => [`responses/x/${i}.json`, body])));
    offerAll(early, plan);
    for (const file of plan.files.filter((candidate) => candidate.path.startsWith("responses/"))) {
      const codings = await early.take(file)!;
      expect(codings.gzip.equals(compressBodySync("gzip", file.body))).toBe(true);
      expect(codings.br.equals(compressBodySync("br", file.body))).toBe(true);
    }
  });

  it("leaves out bodies too small to compress and bodies whose variants the previous output already has", async () => {
    const before = makePlan({ [BIG]: jsonBody(4000) });
    const previous: PreviousOutput = { dir: "/nowhere", manifest: (await compressOutputs(before)).manifest, manifestText: "" };
    early = startEarlyCompression(previous, 1);
    const plan = makePlan({ [BIG]: jsonBody(4000), [OTHER]: jsonBody(4000, "changed"), [SMALL]: jsonBody(COMPRESS_MIN_BYTES / 4) });
    offerAll(early, plan);
    const byPath = (path: string) => plan.files.find((file) => file.path === path)!;
    expect(early.take(byPath(BIG))).toBeUndefined();
    expect(early.take(byPath(SMALL))).toBeUndefined();
    expect(early.take(byPath(OTHER))).toBeDefined();
  });

  it("changes nothing in compressOutputs' result: the same files, bytes and manifest as compressing afterwards", async () => {
    const responses = { [BIG]: jsonBody(4000), [OTHER]: jsonBody(6000, "o"), [SMALL]: jsonBody(200) };
    const site = [{ url: "/", file: "site/index.html", type: "text/html; charset=utf-8", body: `<p>${"landing ".repeat(400)}</p>` }];
    const after = await compressOutputs(makePlan(responses, site));
    early = startEarlyCompression(undefined, 1);
    const plan = makePlan(responses, site);
    offerAll(early, plan);
    const overlapped = await compressOutputs(plan, undefined, early);
    const summary = (output: typeof after) => output.files.map((file) => [file.path, Buffer.from(file.body).toString("base64")]);
    expect(summary(overlapped)).toEqual(summary(after));
    expect(overlapped.variants).toEqual(after.variants);
    expect(overlapped.files.find((file) => file.path === MANIFEST_FILE)!.body).toBe(serializeManifest(after.manifest));
  });
});
