import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { COMPRESS_MIN_BYTES, compressBody, compressBodySync, compressibleType } from "../../build/emit/compress-body.ts";
import { compressOutputs, variantPath, VARIANT_GROUP, type PreviousOutput } from "../../build/emit/compress-outputs.ts";
import { MANIFEST_FILE, serializeManifest } from "../../build/emit/plan-outputs.ts";
import { etagOf } from "../../build/serve/etag.ts";
import { jsonBody, makePlan } from "./compress-fixtures.ts";

const BIG = "responses/api/dataset/v1/brands/index.json";
const SMALL = "responses/api/dataset/v1/brands/country=GB.json";

describe("compressibleType", () => {
  it.each([
    ["application/json; charset=utf-8", true],
    ["application/x-ndjson; charset=utf-8", true],
    ["text/html; charset=utf-8", true],
    ["text/plain", true],
    ["application/javascript", true],
    ["application/schema+json", true],
    ["image/svg+xml", true],
    ["application/gzip", false],
    ["image/png", false],
    ["font/woff2", false],
    ["application/octet-stream", false],
  ])("%s → %s", (type, expected) => {
    expect(compressibleType(type)).toBe(expected);
  });
});

describe("compressBody and compressBodySync", () => {
  const body = jsonBody(5000);

  it.each([["gzip", gunzipSync], ["br", brotliDecompressSync]] as const)("%s: the same bytes on the thread pool and on the calling thread, every time, and they decode to the body", async (encoding, decode) => {
    const pooled = await compressBody(encoding, body);
    const inline = compressBodySync(encoding, body);
    expect(pooled.equals(inline)).toBe(true);
    expect(compressBodySync(encoding, Buffer.from(body)).equals(inline)).toBe(true);
    expect(decode(inline).toString("utf8")).toBe(body);
    expect(inline.length).toBeLessThan(Buffer.byteLength(body) / 3);
  });

  it("pins the gzip header's OS byte to Unix (3), so the bytes do not depend on the platform", () => {
    expect(compressBodySync("gzip", body)[9]).toBe(3);
  });
});

describe("compressOutputs", () => {
  it("adds .br and .gz variants of a large response, lists them in its manifest entry with the ETag of their own bytes, and re-renders the manifest", async () => {
    const big = jsonBody(4000);
    const plan = makePlan({ [BIG]: big, [SMALL]: jsonBody(COMPRESS_MIN_BYTES / 4) });
    const output = await compressOutputs(plan);
    const variants = output.files.filter((file) => file.group === VARIANT_GROUP);
    expect(variants.map((file) => file.path)).toEqual([`${BIG}.br`, `${BIG}.gz`]);
    const br = variants[0]!.body as Buffer;
    const gz = variants[1]!.body as Buffer;
    expect(br.equals(compressBodySync("br", big))).toBe(true);
    expect(gz.equals(compressBodySync("gzip", big))).toBe(true);
    expect(output.manifest.files[BIG]!.encodings).toEqual({ br: { etag: etagOf(br), bytes: br.length }, gzip: { etag: etagOf(gz), bytes: gz.length } });
    expect(etagOf(br)).not.toBe(etagOf(big));
    expect(output.manifest.files[SMALL]!.encodings).toBeUndefined();
    const manifestFile = output.files.find((file) => file.path === MANIFEST_FILE)!;
    expect(JSON.parse(String(manifestFile.body))).toEqual(output.manifest);
    expect(output.variants).toEqual({ files: 2, bytes: br.length + gz.length });
    expect(output.reused).toEqual([]);
  });

  it("compresses site files of compressible types only, and never shadows a planned file with a variant's name", async () => {
    const text = jsonBody(3000);
    const plan = makePlan({}, [
      { url: "/llms.txt", file: "llms.txt", type: "text/plain; charset=utf-8", body: text },
      { url: "/downloads/a.ndjson.gz", file: "downloads/a.ndjson.gz", type: "application/gzip", body: compressBodySync("gzip", text) },
      { url: "/downloads/b.ndjson", file: "downloads/b.ndjson", type: "application/x-ndjson", body: text },
      { url: "/downloads/b.ndjson.gz", file: "downloads/b.ndjson.gz", type: "application/gzip", body: compressBodySync("gzip", `${text}more`) },
    ]);
    const output = await compressOutputs(plan);
    expect(output.files.filter((file) => file.group === VARIANT_GROUP).map((file) => file.path)).toEqual(["llms.txt.br", "llms.txt.gz"]);
    expect(output.manifest.site["/llms.txt"]!.encodings?.gzip?.bytes).toBeGreaterThan(0);
    expect(output.manifest.site["/downloads/b.ndjson"]!.encodings).toBeUndefined();
    expect(output.files.filter((file) => file.path === "downloads/b.ndjson.gz")).toHaveLength(1);
  });

  it("keeps a variant only when it is smaller than the body", async () => {
    // Hash output does not compress: both codings come out larger than the body.
    const noise = Buffer.concat(Array.from({ length: 128 }, (_, i) => createHash("sha256").update(String(i)).digest()));
    const plan = makePlan({}, [{ url: "/noise.txt", file: "noise.txt", type: "text/plain", body: noise }]);
    const output = await compressOutputs(plan);
    expect(output.files.filter((item) => item.group === VARIANT_GROUP)).toEqual([]);
    expect(output.manifest.site["/noise.txt"]!.encodings).toBeUndefined();
    expect(output.variants).toEqual({ files: 0, bytes: 0 });
  });

  it("reuses the previous output's variants for an unchanged body and compresses a changed one", async () => {
    const first = await compressOutputs(makePlan({ [BIG]: jsonBody(4000), [SMALL.replace("GB", "DE")]: jsonBody(3000, "de") }));
    const previous: PreviousOutput = { dir: "/srv/dist", manifest: first.manifest, manifestText: serializeManifest(first.manifest) };
    const changed = SMALL.replace("GB", "DE");
    const second = await compressOutputs(makePlan({ [BIG]: jsonBody(4000), [changed]: jsonBody(3000, "de-2") }), previous);
    expect(second.reused.map((item) => [item.path, item.encoding, item.source.path])).toEqual([
      [variantPath(BIG, "br"), "br", BIG],
      [variantPath(BIG, "gzip"), "gzip", BIG],
    ]);
    expect(second.files.filter((file) => file.group === VARIANT_GROUP).map((file) => file.path)).toEqual([`${changed}.br`, `${changed}.gz`]);
    expect(second.manifest.files[BIG]!.encodings).toEqual(first.manifest.files[BIG]!.encodings);
    expect(second.manifest.files[changed]!.encodings).not.toEqual(first.manifest.files[changed]!.encodings);
    expect(second.variants.files).toBe(4);
  });
});
