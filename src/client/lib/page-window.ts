/** Spec 9: at most this many numbered page buttons. */
const MAX_PAGE_BUTTONS = 5;

/**
 * The page numbers to show as buttons: all of them when there are few, else a window of
 * `size` pages with the current one in the middle, slid inwards at either end
 * (page 1 of 9 gives 1-5, page 5 gives 3-7, page 9 gives 5-9).
 */
export function pageWindow(currentPage: number, totalPages: number, size: number = MAX_PAGE_BUTTONS): number[] {
  if (totalPages < 1) return [];
  const count = Math.min(size, totalPages);
  const current = Math.min(Math.max(currentPage, 1), totalPages);
  const first = Math.min(Math.max(current - Math.floor((count - 1) / 2), 1), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}

/** The 1-based positions of the rows shown, for "Showing X to Y of Z results"; 0 to 0 when empty. */
export function shownRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, total);
  return { from, to: Math.min(page * pageSize, total) };
}
