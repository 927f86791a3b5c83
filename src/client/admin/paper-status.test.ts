import { describe, expect, it } from 'vitest';
import { statusUpdatedText } from './paper-status.ts';

describe('statusUpdatedText', () => {
  it('names the status by its label and mentions comments only when there are some', () => {
    expect(statusUpdatedText('abstract_accepted', 'Well argued.')).toBe(
      'Paper status updated to Abstract Accepted with review comments',
    );
    expect(statusUpdatedText('review_in_progress', '   ')).toBe('Paper status updated to Review in Progress');
  });
});
