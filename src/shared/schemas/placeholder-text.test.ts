import { describe, expect, it } from 'vitest';
import { messageComposeSchema } from './author-messages.ts';
import { bulkStatusFormSchema } from './bulk-actions.ts';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the forms that send texts with placeholders', () => {
  it('refuse an unknown placeholder under its field, as the service would', () => {
    expect(messages(messageComposeSchema.safeParse({ subject: 'Dear {nmae}', body: 'Xin chào {name}' }))).toEqual([
      ['subject', 'Unknown placeholder {nmae}. You can use {name}, {paperId}, {title}, {status}, {paymentId}.'],
    ]);
    expect(
      messages(bulkStatusFormSchema.safeParse({ status: 'abstract_accepted', review: '{titel}', shareReviews: false })),
    ).toEqual([
      ['review', 'Unknown placeholder {titel}. You can use {name}, {paperId}, {title}, {status}, {paymentId}.'],
    ]);
  });

  it('keep the texts, trimmed, when every placeholder is known', () => {
    expect(messageComposeSchema.parse({ subject: ' Szanowni Państwo ', body: 'Уважаемый {name}, {paperId}' })).toEqual({
      subject: 'Szanowni Państwo',
      body: 'Уважаемый {name}, {paperId}',
    });
    expect(bulkStatusFormSchema.parse({ status: 'declined', review: '', shareReviews: true })).toEqual({
      status: 'declined',
      review: '',
      shareReviews: true,
    });
  });

  it('ask for a status before a bulk change', () => {
    expect(messages(bulkStatusFormSchema.safeParse({ review: '', shareReviews: false }))).toEqual([
      ['status', 'Please choose one of the five review statuses.'],
    ]);
  });
});
