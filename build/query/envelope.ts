/**
 * The success envelope `{ meta, data }` and its shared meta fields (contract §1).
 * @module
 */
import type { EngineContext, Pagination, ServiceName } from "./endpoint.ts";

/** The meta every envelope of a service starts with. */
export function baseMeta(context: EngineContext, service: ServiceName): Record<string, unknown> {
  const { meta } = context.dataset;
  const source = service === "dataset" ? meta.dataset : meta.resumes;
  return {
    source: source.source,
    license: source.license,
    attribution: source.attribution,
    generated_at: meta.snapshot_at,
  };
}

/** Wraps data in the envelope; `extra` meta follows the base fields, pagination last. */
export function envelope(
  context: EngineContext,
  service: ServiceName,
  data: unknown,
  extra: Record<string, unknown> = {},
  pagination?: Pagination,
) {
  return { meta: { ...baseMeta(context, service), ...extra, ...(pagination ?? {}) }, data };
}

/** Slices one page of items; a page past the end is empty. */
export function paginate<T>(
  items: readonly T[],
  page: number,
  perPage: number,
): { items: T[]; pagination: Pagination } {
  const total = items.length;
  return {
    items: items.slice((page - 1) * perPage, page * perPage),
    pagination: { page, per_page: perPage, total, pages: Math.ceil(total / perPage) },
  };
}
