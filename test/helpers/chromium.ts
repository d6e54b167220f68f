/**
 * Debian's headless Chromium for the browser tests (playwright-core): where it is, how it is launched, and
 * what a test watches on a page (console errors, failed requests) and asks axe-core about it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

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
  const violations = await page.evaluate<{ id: string; impact: string | null; help: string; targets: string[] }[]>(
    `axe.run(document, { rules: ${JSON.stringify(rules)} }).then((result) => result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.map((node) => node.target.join(" ")) })))`,
  );
  return violations.map(({ id, impact, help, targets }) => {
    const shown = targets.slice(0, 5).join(", ") + (targets.length > 5 ? ` and ${targets.length - 5} more` : "");
    return `axe ${id} (${impact ?? "no impact"}): ${help} at ${shown}`;
  });
}
