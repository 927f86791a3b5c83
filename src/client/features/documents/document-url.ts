import { currentConference } from '@shared/conference.ts';

/** Where a document in public/documents/ is served, e.g. /ictacem2025/documents/ICTACEM%202025%20Brochure.pdf */
export function documentUrl(fileName: string): string {
  return `${currentConference().basePath}/documents/${encodeURIComponent(fileName)}`;
}
