/**
 * The API reference of docs/api.md, rendered from the endpoint registry so that it cannot drift from the code.
 * @module
 */
import type { Endpoint } from "../query/endpoint.ts";
import { defaultOf, expectedOf, serializeValue, type ParamSpec } from "../query/param-spec.ts";
import { SERVICE_BASES } from "../query/services.ts";

const SERVICE_TITLES = { dataset: "Open demand dataset", resumes: "Resume directory" } as const;

/** Markdown: per service, each endpoint with its summary and a table of its parameters. */
export function renderApiReference(endpoints: readonly Endpoint[]): string {
  const lines: string[] = [];
  for (const service of ["dataset", "resumes"] as const) {
    lines.push(`## ${SERVICE_TITLES[service]} (\`${SERVICE_BASES[service]}\`)`, "");
    for (const endpoint of endpoints.filter((candidate) => candidate.service === service)) {
      lines.push(
        `### \`GET ${endpoint.path}\``,
        "",
        escapeCell(endpoint.summary) + (endpoint.format === "ndjson" ? " (NDJSON)" : ""),
        "",
      );
      if (endpoint.params.length === 0) {
        lines.push("No parameters.", "");
        continue;
      }
      lines.push("| parameter | accepts | default | meaning |", "|---|---|---|---|");
      for (const spec of endpoint.params)
        lines.push(
          `| \`${spec.name}\` | ${escapeCell(expectedOf(spec))} | ${defaultText(spec)} | ${escapeCell(spec.description)} |`,
        );
      lines.push("");
    }
  }
  return lines.join("\n");
}

function defaultText(spec: ParamSpec): string {
  const fallback = defaultOf(spec);
  return fallback === undefined ? "" : `\`${serializeValue(fallback)}\``;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** Replaces the text between `<!-- generated: NAME -->` and `<!-- end generated: NAME -->`. */
export function replaceGeneratedBlock(document: string, name: string, content: string): string {
  const start = `<!-- generated: ${name} -->`;
  const end = `<!-- end generated: ${name} -->`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from < 0 || to < from) throw new Error(`The document has no block "${name}" (markers ${start} … ${end}).`);
  return `${document.slice(0, from + start.length)}\n${content.trim()}\n${document.slice(to)}`;
}
