/**
 * Monitoring records (#27): which pages of a brand the T&C watcher reads and since when. Big brands are
 * watched longer and on more pages; every alert of a watched brand falls on a watched page after `since`
 * (the loader's rule), so the records are drawn around the alerts. About one brand in ten is not watched
 * and has no alert. Synthetic.
 * @module
 */
import type { Monitoring, TcAlert } from "../load/schemas.ts";
import type { BrandPlan } from "./brands.ts";
import { randomDate } from "./dates.ts";
import type { Rng } from "./prng.ts";

type PageType = TcAlert["page_type"];
const PAGES: readonly PageType[] = ["terms", "withdrawal", "responsible_gambling"];

/** A CSV-ready monitoring record: the pages as one `|`-separated cell. */
export type MonitoringRow = Omit<Monitoring, "pages"> & { pages: string };

/** One record per watched brand, in brand order. */
export function generateMonitoring(rng: Rng, plans: readonly BrandPlan[], alerts: readonly TcAlert[]): MonitoringRow[] {
  const alerted = new Map<string, { pages: Set<PageType>; first: string }>();
  for (const alert of alerts) {
    const seen = alerted.get(alert.brand) ?? { pages: new Set<PageType>(), first: alert.detected_at.slice(0, 10) };
    seen.pages.add(alert.page_type);
    if (alert.detected_at.slice(0, 10) < seen.first) seen.first = alert.detected_at.slice(0, 10);
    alerted.set(alert.brand, seen);
  }
  const out: MonitoringRow[] = [];
  for (const { brand, size } of plans) {
    const seen = alerted.get(brand.slug);
    if (seen === undefined && rng.chance(0.12)) continue;
    const big = size > 30;
    const pages = PAGES.filter((page) => seen?.pages.has(page) || rng.chance(big ? 0.9 : 0.45));
    if (pages.length === 0) pages.push("terms");
    const drawn = big ? randomDate(rng, "2023-01-01", "2024-09-30") : randomDate(rng, "2024-01-01", "2026-05-31");
    const since = seen !== undefined && seen.first < drawn ? seen.first : drawn;
    out.push({ brand: brand.slug, since, pages: pages.join("|") });
  }
  return out;
}
