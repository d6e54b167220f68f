/**
 * Brand domains: one primary per brand plus 0–3 country sites, mirrors and landing hosts.
 * Every host is under the reserved `.example` / `.test` TLDs and every A record is in the
 * documentation ranges (RFC 5737), so nothing in the sample resolves to a real site.
 * @module
 */
import type { Domain } from "../load/schemas.ts";
import { DNS_HOSTS, MAIL_HOSTS, REGISTRARS } from "./brand-names.ts";
import type { BrandPlan } from "./brands.ts";
import { addDays, addYears, LAST_DAY, randomDate } from "./dates.ts";
import { clamp, type Rng, round } from "./prng.ts";

const DOC_RANGES = ["192.0.2", "198.51.100", "203.0.113"];

/** One domain record; authority, backlinks and uptime grow with the brand's size. */
function domainRecord(rng: Rng, plan: BrandPlan, host: string, primary: boolean): Domain {
  const { brand, size } = plan;
  const closed = brand.status === "closed";
  const foundedOn = `${brand.founded_year}-01-01`;
  const created_at = randomDate(
    rng,
    addDays(foundedOn, primary ? -400 : 0),
    primary ? addDays(foundedOn, 200) : "2026-09-30",
  );
  // Registrations renew yearly; closed brands let some lapse, which shows up as expiry before the snapshot.
  const lapsed = closed && rng.chance(0.6);
  const lapseFrom = addYears(created_at, 1) > "2025-01-01" ? addYears(created_at, 1) : "2025-01-01";
  const expires_at =
    lapsed && lapseFrom < "2026-10-01"
      ? randomDate(rng, lapseFrom, "2026-10-01")
      : addYears(created_at, 2027 - Number(created_at.slice(0, 4)) + rng.int(0, 2));
  const authority = Math.round(clamp(8 + 14 * Math.log10(size) + rng.normal(0, 8) - (primary ? 0 : 15), 0, 95));
  const referring_domains = Math.round(Math.pow(10, authority / 25) * rng.logNormal(12, 0.5));
  const status_code = closed
    ? rng.pick([404, 410, 503, 301])
    : rng.weighted<number>([
        [200, 93],
        [301, 4],
        [403, 1],
        [503, 2],
      ]);
  const mail = rng.pick(MAIL_HOSTS);
  const dns = rng.pick(DNS_HOSTS);
  const aCount = primary && size > 30 ? 2 : 1;
  return {
    domain: host,
    brand: brand.slug,
    primary,
    whois: { registrar: rng.pick(REGISTRARS), created_at, expires_at, privacy: rng.chance(0.7) },
    backlinks: { referring_domains, total: Math.round(referring_domains * rng.logNormal(14, 0.8)), authority },
    health: {
      https: !closed || rng.chance(0.5) ? rng.chance(0.985) : false,
      status_code,
      uptime_pct: round(status_code >= 500 ? rng.float(70, 95) : 100 - rng.logNormal(0.15, 1), 2),
      response_ms: Math.round(rng.logNormal(primary ? 320 : 450, 0.5)),
      checked_at: randomDate(rng, "2026-10-25", LAST_DAY),
    },
    dns: {
      a: Array.from({ length: aCount }, () => `${rng.pick(DOC_RANGES)}.${rng.int(1, 254)}`),
      mx:
        primary && rng.chance(0.8) ? [`mx1.${mail}.example`, ...(rng.chance(0.5) ? [`mx2.${mail}.example`] : [])] : [],
      ns: [`ns1.${dns}.example`, `ns2.${dns}.example`],
    },
  };
}

/** Candidate secondary hosts for a brand: country sites, a play- landing host and numbered mirrors. */
function secondaryHosts(rng: Rng, plan: BrandPlan): string[] {
  const slug = plan.brand.slug;
  const hosts = plan.brand.markets.slice(0, 3).map((cc) => `${slug}-${cc.toLowerCase()}.example`);
  hosts.push(`play-${slug}.example`, `${slug}${rng.int(1, 9)}.test`, `${slug}-mirror.test`);
  return rng.shuffle(hosts);
}

/** The domains of every brand: exactly one primary (`<slug>.example`), more for bigger brands. */
export function generateDomains(rng: Rng, plans: readonly BrandPlan[]): Domain[] {
  // Primaries are reserved first so that no secondary host of an earlier brand can take one.
  const used = new Set<string>(plans.map((p) => `${p.brand.slug}.example`));
  const out: Domain[] = [];
  for (const plan of plans) {
    const primary = `${plan.brand.slug}.example`;
    out.push(domainRecord(rng, plan, primary, true));
    const extra = clamp(rng.powerLawInt(1, 4, 3.4) - 1 + (plan.size > 100 && rng.chance(0.5) ? 1 : 0), 0, 3);
    let added = 0;
    for (const host of secondaryHosts(rng, plan)) {
      if (added >= extra) break;
      // A secondary host may coincide with another brand's primary: skip it rather than duplicate a key.
      if (used.has(host)) continue;
      used.add(host);
      out.push(domainRecord(rng, plan, host, false));
      added++;
    }
  }
  return out;
}
