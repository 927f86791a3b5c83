import { currentConference } from '@shared/conference.ts';
import {
  type BadgeLayout,
  PARTICIPANT_MESSAGES,
  type ParticipantRole,
  type ParticipantsQuery,
} from '@shared/schemas/participants.ts';
import { AppError } from '@server/lib/app-error.ts';
import type { AppContext } from '@server/context.ts';
import { signedBadgeCode } from '../participants/badge-code.ts';
import { badgeSecret, filteredViews } from '../participants/participants.service.ts';

export interface BadgeFile {
  fileName: string;
  bytes: Uint8Array;
}

/** Badges of the filtered list or of a selection, in the list's order (by name). */
export async function badgesPdf(
  ctx: AppContext,
  query: ParticipantsQuery & { ids?: string[]; layout: BadgeLayout },
): Promise<BadgeFile> {
  const views = await filteredViews(ctx, query);
  if (query.ids?.length === 1 && views.length === 0) throw new AppError('not_found', PARTICIPANT_MESSAGES.notFound);
  const { renderBadges } = await import('./badge-pdf.ts');
  const secret = await badgeSecret(ctx);
  const badges = views.map((view) => ({
    name: view.name,
    affiliation: view.affiliation,
    role: view.role as ParticipantRole,
    code: signedBadgeCode(secret, view.badgeToken),
  }));
  return {
    fileName: `badges-${query.layout}.pdf`,
    bytes: await renderBadges(badges, query.layout, currentConference().shortName),
  };
}
