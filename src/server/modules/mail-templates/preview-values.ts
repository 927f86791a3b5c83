import { currentConference } from '@shared/conference.ts';
import { PAPER_STATUS_LABELS } from '@shared/constants.ts';
import { formatConferenceTime } from '@shared/domain/deadlines.ts';
import { MAIL_PLACEHOLDERS, type MailPlaceholder } from '@shared/domain/mail-placeholders.ts';
import { MAIL_TEMPLATE_TEXTS, MAIL_TEMPLATES, type MailTemplateKey } from '@shared/domain/mail-templates.ts';
import { fillPlaceholders } from '@shared/domain/placeholders.ts';
import type { MailTemplatePreviewBody } from '@shared/schemas/mail-templates.ts';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/app-error.ts';
import { currentDates } from '../deadlines/deadlines.service.ts';
import { authorValues, bulletList, commentsParagraph, countOf, oneLine, siteLink } from './mail-rendering.ts';
import { findMemberForPreview, findPaperForPreview } from './mail-templates.repository.ts';

type KnownValues = Partial<Record<MailPlaceholder, string>>;

async function paperValues(ctx: AppContext, ictacemId: string): Promise<{ to: string; known: KnownValues }> {
  const paper = await findPaperForPreview(ctx.db, ictacemId);
  if (!paper) throw new AppError('not_found', MAIL_TEMPLATE_TEXTS.noPreviewPaper);
  return {
    to: paper.authorEmail,
    known: {
      ...authorValues(ctx.config, paper.authorName),
      paperId: paper.ictacemId,
      title: paper.title,
      status: PAPER_STATUS_LABELS[paper.status],
      comments: commentsParagraph(paper.review),
      ...(paper.review ? { reviewComments: paper.review } : {}),
      scheduleLink: siteLink(ctx.config, 'schedule'),
    },
  };
}

async function memberValues(ctx: AppContext, memberId: string): Promise<{ to: string; known: KnownValues }> {
  const member = await findMemberForPreview(ctx.db, memberId);
  if (!member) throw new AppError('not_found', MAIL_TEMPLATE_TEXTS.noPreviewMember);
  const papers = member.paperTitles;
  return {
    to: member.email,
    known: {
      conference: currentConference().shortName,
      name: oneLine(member.name),
      ...(member.inviter ? { inviter: member.inviter } : {}),
      themes: bulletList(member.themes),
      maxPapers: `${member.maxPapers} paper${member.maxPapers === 1 ? '' : 's'}`,
      note: member.note ? `\n\n${member.note}` : '',
      ...(member.invitationExpiresAt
        ? { expires: formatConferenceTime(member.invitationExpiresAt.toISOString()) }
        : {}),
      ...(papers.length > 0
        ? {
            papers: bulletList(papers),
            paperCount: countOf(papers.length, 'paper', 'papers'),
            thesePapers: papers.length === 1 ? 'this paper' : `these ${papers.length} papers`,
            reviewCount: countOf(papers.length, 'review', 'reviews'),
          }
        : {}),
      deadline: formatConferenceTime((await currentDates(ctx)).reviewDeadline),
      reviewsLink: siteLink(ctx.config, 'reviews'),
    },
  };
}

/**
 * The values a preview fills a template with: the chosen paper's or member's own where the site
 * has them, each placeholder's example otherwise (and for all of them when none is chosen). The
 * invitation link is always an example: a real one would let its reader join the committee.
 */
export async function previewValues(
  ctx: AppContext,
  key: MailTemplateKey,
  input: Pick<MailTemplatePreviewBody, 'paperId' | 'memberId'>,
): Promise<{ to: string; values: Record<string, string> }> {
  const source = MAIL_TEMPLATES[key].previewWith;
  const chosen =
    source === 'paper' && input.paperId
      ? await paperValues(ctx, input.paperId)
      : source === 'member' && input.memberId
        ? await memberValues(ctx, input.memberId)
        : { to: 'recipient@example.org', known: {} };
  const definition: { placeholders: readonly MailPlaceholder[]; notification?: { heading: string; message: string } } =
    MAIL_TEMPLATES[key];
  const values: Record<string, string> = Object.fromEntries(
    definition.placeholders.map((name) => [
      name,
      name === 'link' ? MAIL_PLACEHOLDERS.link.example : (chosen.known[name] ?? MAIL_PLACEHOLDERS[name].example),
    ]),
  );
  // A notice's notification as the site would write it for this paper.
  if (definition.notification) {
    values.heading = fillPlaceholders(definition.notification.heading, values);
    values.message = fillPlaceholders(definition.notification.message, values);
  }
  return { to: chosen.to, values };
}
