/**
 * Parameter rows shared by many endpoints, and the sort/order rule of the contract:
 * without `order`, a sort runs in its natural direction; the tie-break is ascending whatever the order.
 * @module
 */
import type { ClosedSpec, IntSpec, Params } from "./param-spec.ts";

export const pageParam: IntSpec = { name: "page", type: "int", min: 1, default: 1, description: "Page number, from 1" };

export function perPageParam(max: number, fallback: number): IntSpec {
  return {
    name: "per_page",
    type: "int",
    min: 1,
    max,
    default: fallback,
    description: `Items per page (default ${fallback}, maximum ${max})`,
  };
}

export function limitParam(max: number, fallback?: number, description = `Number of items (maximum ${max})`): IntSpec {
  return { name: "limit", type: "int", min: 1, max, default: fallback, description };
}

export const orderParam: ClosedSpec = {
  name: "order",
  type: "closed",
  values: ["asc", "desc"],
  description: "asc or desc; without it the sort runs in its natural direction",
};

/** A sort key: how to read it from an item, and its natural direction. */
export interface SortField<T> {
  natural: "asc" | "desc";
  value: (item: T) => number | string | null;
}

/** The `sort` parameter row of a table of sort fields. */
export function sortParam(fields: Record<string, unknown>, fallback: string): ClosedSpec {
  return {
    name: "sort",
    type: "closed",
    values: Object.keys(fields),
    default: fallback,
    description: `Sort field (default ${fallback})`,
  };
}

/** Drops `order` when it equals the sort's natural direction, so both spellings share one canonical key. */
export function dropNaturalOrder<T>(params: Params, fields: Record<string, SortField<T>>, fallback: string): void {
  const field = fields[String(params.sort ?? fallback)];
  if (field !== undefined && params.order === field.natural) delete params.order;
}

/** The effective direction of a sort. */
export function effectiveOrder<T>(
  params: Params,
  fields: Record<string, SortField<T>>,
  fallback: string,
): { sort: string; order: "asc" | "desc" } {
  const sort = String(params.sort ?? fallback);
  const field = fields[sort];
  return { sort, order: (params.order as "asc" | "desc" | undefined) ?? field?.natural ?? "asc" };
}

/** Sorts by a field and direction, nulls last, then by `tieBreak` ascending. */
export function sortItems<T>(
  items: readonly T[],
  field: SortField<T>,
  order: "asc" | "desc",
  tieBreak: (item: T) => string | number,
): T[] {
  const sign = order === "asc" ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = field.value(a);
    const y = field.value(b);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * sign;
    }
    const p = tieBreak(a);
    const q = tieBreak(b);
    return p < q ? -1 : p > q ? 1 : 0;
  });
}

/** Values of a list parameter (empty when absent). */
export function listParam(params: Params, name: string): string[] {
  const value = params[name];
  return Array.isArray(value) ? value : value === undefined ? [] : [String(value)];
}
