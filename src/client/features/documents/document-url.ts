/** Where a document in public/documents/ is served, e.g. /ictacem2025/documents/ICTACEM%202025%20Brochure.pdf */
export function documentUrl(fileName: string): string {
  return `${import.meta.env.BASE_URL}documents/${encodeURIComponent(fileName)}`;
}
