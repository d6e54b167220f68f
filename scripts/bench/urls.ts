/**
 * Public URLs of precomputed files (the inverse of queryToPath), and the URL sets the benchmark drives.
 * @module
 */
import type { Manifest } from "../../build/output-format/manifest.ts";
import { RESPONSES_DIR } from "../../build/query/query-to-path.ts";

/** `responses/api/dataset/v1/brands/country=GB,page=2.json` → `/api/dataset/v1/brands?country=GB&page=2`. */
export function urlOfFile(file: string): string {
  const segments = file.split("/");
  const name = segments.pop()!;
  const publicPath = `/${segments.slice(1).join("/")}`;
  const stem = name.replace(/\.(json|ndjson)$/, "");
  return stem === "index" ? publicPath : `${publicPath}?${stem.split(",").join("&")}`;
}

/** Whether a response file is a list page (the default list or one of its pages) or a card. */
function isPageOrCard(file: string): boolean {
  const pages =
    /^responses\/(api\/dataset\/v1\/brands|api\/dataset\/v1\/games|resume\/api\/v1\/resumes)\/(index|page=\d+)\.json$/;
  const cards =
    /^responses\/(api\/dataset\/v1\/brands|api\/dataset\/v1\/games|resume\/api\/v1\/resumes)\/[^/]+\/index\.json$/;
  return file.startsWith(`${RESPONSES_DIR}/`) && (pages.test(file) || cards.test(file));
}

/**
 * About `count` pages and cards spread evenly over the manifest (every list page first), the same set
 * for every server so their figures compare.
 */
export function pageAndCardUrls(manifest: Manifest, count: number): { url: string; file: string }[] {
  const files = Object.keys(manifest.files).filter(isPageOrCard).sort();
  const step = Math.max(1, Math.floor(files.length / count));
  return files
    .filter((_, i) => i % step === 0)
    .slice(0, count)
    .map((file) => ({ url: urlOfFile(file), file }));
}
