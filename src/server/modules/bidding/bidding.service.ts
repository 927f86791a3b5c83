import { type Bid, BIDDABLE_STATUSES, BIDDING_TEXTS } from '@shared/domain/bidding.ts';
import type { BiddablePaper, Bidding, PlaceBidBody } from '@shared/schemas/bidding.ts';
import { placeBidBodySchema } from '@shared/schemas/bidding.ts';
import type { PublicUser } from '@shared/schemas/user.ts';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/app-error.ts';
import { findPaperProfile, findPaperProfilesByStatus } from '../conflicts/conflicts.repository.ts';
import { conflictsOfMember, endMemberDeclaration, recordMemberDeclaration } from '../conflicts/conflicts.service.ts';
import { currentDates } from '../deadlines/deadlines.service.ts';
import { requireAcceptedMember } from '../committee/committee.service.ts';
import { deleteBid, findBiddablePaper, findBiddablePapers, findBidsOfMember, saveBid } from './bidding.repository.ts';

/** The Bidding dates in force, and whether bidding is open now (the deadline's grace included). */
async function biddingWindow(ctx: AppContext) {
  const dates = await currentDates(ctx);
  const now = Date.now();
  const open =
    now >= Date.parse(dates.biddingOpens) && now <= Date.parse(dates.biddingCloses) + ctx.config.deadlineGraceMs;
  return { opensAt: dates.biddingOpens, closesAt: dates.biddingCloses, open };
}

/**
 * The papers a member may bid on: those still being decided, less those they are conflicted
 * with (found, or declared by an organiser), which they never see. Their own "Conflict" bids stay
 * listed, so that they can change their mind. Their themes' papers come first.
 */
export async function getBidding(ctx: AppContext, user: PublicUser): Promise<Bidding> {
  const member = await requireAcceptedMember(ctx, user);
  const window = await biddingWindow(ctx);
  const conflicted = await conflictsOfMember(
    ctx.db,
    member.id,
    await findPaperProfilesByStatus(ctx.db, BIDDABLE_STATUSES),
  );
  const bids = await findBidsOfMember(ctx.db, member.id);
  const papers: BiddablePaper[] = [];
  for (const paper of await findBiddablePapers(ctx.db)) {
    const conflict = conflicted.get(paper.id);
    if (conflict && conflict !== 'declared_by_member') continue;
    const bid: Bid | null = conflict ? 'conflict' : (bids.get(paper.id) ?? null);
    papers.push({ _id: paper.id, title: paper.title, theme: paper.theme, bid });
  }
  const ownFirst = (paper: BiddablePaper) => (member.themes.includes(paper.theme) ? 0 : 1);
  papers.sort((a, b) => ownFirst(a) - ownFirst(b));
  return { ...window, themes: member.themes, papers };
}

/** Saves, changes or clears one bid; "Conflict" declares a conflict of interest in the member's name. */
export async function placeBid(ctx: AppContext, user: PublicUser, paperId: string, input: PlaceBidBody) {
  const { bid } = placeBidBodySchema.parse(input);
  const member = await requireAcceptedMember(ctx, user);
  const window = await biddingWindow(ctx);
  if (!window.open)
    throw new AppError(
      'forbidden',
      Date.now() < Date.parse(window.opensAt)
        ? BIDDING_TEXTS.notOpenYet(window.opensAt)
        : BIDDING_TEXTS.closed(window.closesAt),
    );
  const paper = await findBiddablePaper(ctx.db, paperId);
  const profile = paper && (await findPaperProfile(ctx.db, paperId));
  // A paper the member may not see answers as one that does not exist.
  const conflict = profile && (await conflictsOfMember(ctx.db, member.id, [profile])).get(paperId);
  if (!paper || !profile || (conflict && conflict !== 'declared_by_member'))
    throw new AppError('not_found', BIDDING_TEXTS.paperNotFound);

  await ctx.db.transaction(async (tx) => {
    if (bid === 'conflict') {
      await deleteBid(tx, member.id, paperId);
      await recordMemberDeclaration(tx, member.id, paperId, user._id);
      return;
    }
    await endMemberDeclaration(tx, member.id, paperId, user._id);
    if (bid === null) await deleteBid(tx, member.id, paperId);
    else await saveBid(tx, member.id, paperId, bid);
  });
  const message = bid === 'conflict' ? BIDDING_TEXTS.conflictKept : BIDDING_TEXTS.saved(paper.title, bid);
  return { message, paper: { _id: paper.id, title: paper.title, theme: paper.theme, bid } };
}
