/**
 * Debian's headless Chromium for the browser tests (playwright-core): where it is, how it is launched, and
 * what a test watches on a page (console errors, failed requests) and asks axe-core about it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page, Request } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
/** axe-core's browser bundle, injected into the pages checked. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Everything that went wrong while a page was open. */
export interface Problems {
  console: string[];
  failed: string[];
}

export function watch(page: Page): Problems {
  const problems: Problems = { console: [], failed: [] };
  page.on("console", (message) => {
    if (message.type() === "error") problems.console.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.console.push(`${page.url()}: ${error.message}`));
  page.on("requestfailed", (request) =>
    problems.failed.push(`${request.url()}: ${request.failure()?.errorText ?? "failed"}`),
  );
  page.on("response", (response) => {
    if (response.status() >= 400) problems.failed.push(`${response.url()}: HTTP ${response.status()}`);
  });
  return problems;
}

/** What axe-core finds wrong with the page as it is (one run, every rule but `skipped`), each as `axe <rule> (<impact>): <help> at <targets>`. */
export async function axeViolations(page: Page, skipped: string[]): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const rules = Object.fromEntries(skipped.map((id) => [id, { enabled: false }]));
  // (An expression, not a function: the test is type-checked without the DOM's types.)
  // resultTypes: the violations are gathered in full as before; passing and inapplicable results, which
  // nothing reads, keep one node each instead of a selector for every element of the page (axe-core's
  // documented speed-up for large pages: most of a run's time on a page of a thousand links).
  const options = { rules, resultTypes: ["violations"] };
  const violations = await page.evaluate<{ id: string; impact: string | null; help: string; targets: string[] }[]>(
    `axe.run(document, ${JSON.stringify(options)}).then((result) => result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => node.target.join(" ")) })))`,
  );
  return violations.map(({ id, impact, help, targets }) => {
    const shown = targets.slice(0, 5).join(", ") + (targets.length > 5 ? ` and ${targets.length - 5} more` : "");
    return `axe ${id} (${impact ?? "no impact"}): ${help} at ${shown}`;
  });
}

/** Waits for a page to settle: see `trackRequests`. */
export interface Settle {
  /** Resolves once the page has loaded and none of its requests has been in flight for `quietMs`. */
  (quietMs?: number): Promise<void>;
}

/**
 * What Playwright's `waitForLoadState("networkidle")` waits for (the load event, then no request in flight),
 * with a quiet window of `quietMs` (100 ms unless given) instead of its fixed 500 ms: the pages of the site
 * start every request of theirs from the load event or from the answer to another, never after a pause, so
 * the wait is for their traffic to end, not for half a second on every one of some 40 page loads.
 * Fails after `timeoutMs` (30 s, Playwright's default) naming the requests still open.
 */
export function trackRequests(page: Page, timeoutMs = 30_000): Settle {
  const open = new Set<Request>();
  let lastChange = performance.now();
  page.on("request", (request) => {
    open.add(request);
    lastChange = performance.now();
  });
  const done = (request: Request) => {
    open.delete(request);
    lastChange = performance.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return async (quietMs = 100) => {
    const deadline = performance.now() + timeoutMs;
    await page.waitForLoadState("load", { timeout: timeoutMs });
    for (;;) {
      const quiet = performance.now() - lastChange;
      if (open.size === 0 && quiet >= quietMs) return;
      if (performance.now() > deadline)
        throw new Error(
          `${page.url()} did not settle in ${timeoutMs / 1000} s: ${[...open].map((request) => request.url()).join(", ")} still open`,
        );
      await new Promise((resolve) => setTimeout(resolve, open.size === 0 ? quietMs - quiet : 20));
    }
  };
}
