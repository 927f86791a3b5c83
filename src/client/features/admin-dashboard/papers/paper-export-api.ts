import { conferenceFileStem } from '@shared/conference.ts';
import type { ExportFormat } from '@shared/schemas/exports.ts';
import { apiBase, apiFile } from '@client/lib/api.ts';
import type { PaperFilters } from '../paper-filters.ts';
import { toQueryString } from '@client/lib/query-string.ts';

const fileName = (format: ExportFormat) => `${conferenceFileStem()}-papers.${format}`;

/** Where the browser downloads every paper of the filter: a plain link, streamed to disk as it comes. */
export function filteredExportUrl(format: ExportFormat, filters: PaperFilters): string {
  return `${apiBase()}/admin/papers/export${toQueryString({ ...filters, search: filters.search.trim(), format })}`;
}

/** Downloads the selected papers (a POST, as the selection is too long for an address). */
export async function downloadSelectedExport(format: ExportFormat, paperIds: readonly string[]): Promise<void> {
  const blob = await apiFile('/admin/papers/export', { format, paperIds });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName(format) });
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser's download; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
