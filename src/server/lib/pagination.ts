import type { ListPagination } from '@shared/schemas/admin-dashboard.ts';

/** Where a page stands in a list of `total` rows; an empty list still has one (empty) page. */
export function pagination(page: number, limit: number, total: number): ListPagination {
  return { page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}
