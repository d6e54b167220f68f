/**
 * Shared helpers of the brand-family HTTP tests: JSON fetching and the sample's brands as the engine sees them.
 */
import type { BrandRecord } from "../../../build/compute/dataset.ts";
import type { SampleHost } from "../../helpers/sample-host.ts";
import { sampleContext } from "../../helpers/sample-host.ts";

export interface Envelope<T = unknown> {
  meta: Record<string, unknown>;
  data: T;
}

export interface BrandItem {
  slug: string;
  name: string;
  licenses_count: number;
  trust_score: number;
  trust_grade: string;
  status: string;
}

/** GETs a path and parses its JSON body. */
export async function getJson<T = unknown>(
  host: SampleHost,
  path: string,
): Promise<{ status: number; body: Envelope<T>; text: string; headers: Headers }> {
  const response = await host.get(path);
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Envelope<T>, text, headers: response.headers };
}

/** Every item of a paginated list, walking pages of 100. */
export async function getAll<T>(host: SampleHost, path: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await getJson<T[]>(host, `${path}${path.includes("?") ? "&" : "?"}per_page=100&page=${page}`);
    items.push(...body.data);
    if (page >= Number(body.meta.pages)) return items;
  }
}

/** The sample's brand records (sorted by slug). */
export async function sampleBrands(): Promise<BrandRecord[]> {
  return (await sampleContext()).context.dataset.brands;
}

/** Slugs sorted by a value in a direction, ties by slug ascending: the contract's order, computed independently. */
export function expectedOrder<T extends { slug: string }>(
  items: readonly T[],
  value: (item: T) => number | string | null,
  order: "asc" | "desc",
): string[] {
  const sign = order === "asc" ? 1 : -1;
  return [...items]
    .sort((a, b) => {
      const x = value(a);
      const y = value(b);
      // Unknown values (null) come last in either direction.
      if (x !== y && (x === null || y === null)) return x === null ? 1 : -1;
      if (x !== y) return (x! < y! ? -1 : 1) * sign;
      return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
    })
    .map((item) => item.slug);
}
