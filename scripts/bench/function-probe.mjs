// The Netlify function in a process of its own, as an instance runs it (issue 32): imports the function's
// bundle (`node function-probe.mjs <bundle.mjs>`, the built folder in API_DIST), times the first answer from
// the process's start (the cold start), then asks the broadest query of every endpoint and prints one JSON
// object: each answer's status, bytes (no Accept-Encoding: the largest form) and the resident memory after it.
// Plain JavaScript, so that nothing but the bundle is compiled in this process.
import { pathToFileURL } from "node:url";

const [bundle] = process.argv.slice(2);
const fn = await import(pathToFileURL(bundle).href);
const origin = "https://function.example";

async function ask(path) {
  const response = await fn.default(new Request(`${origin}${path}`), { ip: "192.0.2.1" });
  let bytes = 0;
  if (response.body !== null) for await (const chunk of response.body) bytes += chunk.byteLength;
  return { path, status: response.status, bytes, rss: process.memoryUsage.rss() };
}

async function json(path) {
  const response = await fn.default(new Request(`${origin}${path}`), { ip: "192.0.2.1" });
  return response.json();
}

const first = await ask("/api/dataset/v1/brands?q=casino");
const coldStartMs = performance.now();
// CPU time too: on a busy machine the wall clock mostly measures the wait for a core.
const { user, system } = process.cpuUsage();
const coldStartCpuMs = (user + system) / 1000;
const D = "/api/dataset/v1";
const R = "/resume/api/v1";
// Values to fill the broad queries with, asked of the function itself.
const countries = (await json(`${D}/countries`)).data.map((country) => country.code);
const brands = (await json(`${D}/brands?per_page=100`)).data.map((brand) => brand.slug);
const provider = (await json(`${D}/providers?per_page=1`)).data[0]?.slug ?? "none";
const game = (await json(`${D}/games?per_page=1`)).data[0]?.slug ?? "none";
const resume = (await json(`${R}/resumes?per_page=1`)).data[0]?.id ?? 1;
const paths = [
  `${D}/`,
  `${D}/openapi.json`,
  `${D}/brands?per_page=100&q=casino`,
  `${D}/brands/${brands[0]}`,
  `${D}/brands/${brands[0]}/trust-history`,
  `${D}/trust-scores?per_page=100&order=asc`,
  `${D}/compare?brands=${brands.slice(0, 5).join(",")}`,
  `${D}/licenses?per_page=100&status=active`,
  `${D}/regulators`,
  `${D}/providers?per_page=100&page=2`,
  `${D}/providers/${provider}`,
  `${D}/provider-ranks?per_page=100&sort=name`,
  `${D}/games?per_page=100&q=a`,
  `${D}/games/${game}`,
  `${D}/game-ranks?per_page=100&min_presence=1&order=desc`,
  `${D}/countries`,
  `${D}/index?country=${countries.join(",")}`,
  `${D}/index?brand=${brands.join(",")}`,
  ...countries.map((country) => `${D}/index?country=${country}&from=2000-01`),
  `${D}/trending?limit=100&country=${countries.join(",")}`,
  `${D}/momentum?limit=100&sort=volume`,
  `${D}/ground-truth`,
  `${D}/tc-alerts?per_page=100&page_type=terms,withdrawal,responsible_gambling`,
  `${R}/`,
  `${R}/openapi.json`,
  `${R}/resumes?per_page=200&q=a`,
  `${R}/resumes/${resume}`,
  `${R}/resumes/export?per_page=200&sort=experience`,
  `${R}/stats`,
];
const answers = [first];
for (const path of paths) answers.push(await ask(path));
process.stdout.write(
  `${JSON.stringify({ coldStartMs, coldStartCpuMs, answers, peakRss: process.resourceUsage().maxRSS * 1024 })}\n`,
);
