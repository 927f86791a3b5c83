import type { ConferenceDateKey } from '../../shared/domain/deadlines.ts';

/** Far-off deadlines for test and benchmark servers, whose authors act whatever today is. */
export const OPEN_DEADLINES = {
  abstractDeadline: '2099-12-31T23:59:59+05:30',
  paymentDeadline: '2099-12-31T23:59:59+05:30',
  fullPaperDeadline: '2099-12-31T23:59:59+05:30',
} satisfies Partial<Record<ConferenceDateKey, string>>;

/** The same, as the environment of a spawned server. */
export const OPEN_DEADLINES_ENV = {
  ABSTRACT_DEADLINE: OPEN_DEADLINES.abstractDeadline,
  PAYMENT_DEADLINE: OPEN_DEADLINES.paymentDeadline,
  FULL_PAPER_DEADLINE: OPEN_DEADLINES.fullPaperDeadline,
};
