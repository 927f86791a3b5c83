import {
  CONFERENCE_DATE_INFO,
  DEADLINE_OF_STEP,
  DEADLINE_STEPS,
  type DeadlineStep,
  isOpenAt,
} from '@shared/domain/deadlines.ts';
import type { NextDeadline } from '@shared/schemas/deadlines.ts';
import type { AppContext } from '@server/context.ts';
import { currentDates } from '../deadlines/deadlines.service.ts';
import * as repo from './dashboard.repository.ts';

/** What each deadline still waits for, as a paper list filter and in words. */
const PENDING: Record<
  Exclude<DeadlineStep, 'response'>,
  { filter: NextDeadline['filter']; singular: string; plural: string }
> = {
  abstract: { filter: {}, singular: 'abstract submitted so far', plural: 'abstracts submitted so far' },
  payment: {
    filter: { status: 'abstract_accepted', payment: 'unpaid' },
    singular: 'accepted paper without a payment ID',
    plural: 'accepted papers without a payment ID',
  },
  fullPaper: {
    filter: { status: 'abstract_accepted', fullPaper: 'no' },
    singular: 'accepted paper without a full paper',
    plural: 'accepted papers without a full paper',
  },
};

/** The soonest deadline still open (grace included), with the papers it waits for; null once all have passed. */
export async function nextDeadline(ctx: AppContext): Promise<NextDeadline | null> {
  const dates = await currentDates(ctx);
  const now = ctx.now();
  // The author response deadline concerns only the papers asked for one: the paper list's "No response" shows them.
  const open = DEADLINE_STEPS.filter((step) => step !== 'response')
    .map((step) => ({ step, closesAt: dates[DEADLINE_OF_STEP[step]] }))
    .filter(({ closesAt }) => isOpenAt(closesAt, now, ctx.config.deadlineGraceMs))
    .sort((a, b) => Date.parse(a.closesAt) - Date.parse(b.closesAt));
  const next = open[0];
  if (!next) return null;
  const pending = PENDING[next.step];
  const count = await repo.countPapers(ctx.db, { ...pending.filter, search: '', sort: 'submitted' });
  return {
    step: next.step,
    title: CONFERENCE_DATE_INFO[DEADLINE_OF_STEP[next.step]].title,
    closesAt: next.closesAt,
    count,
    countLabel: count === 1 ? pending.singular : pending.plural,
    filter: pending.filter,
  };
}
