import { describe, expect, it } from 'vitest';
import { statusUpdatedText, toggleFailureText, toggleSuccessText } from './admin-messages.ts';

describe('toggle texts', () => {
  it("prefers the server's message", () => {
    expect(toggleSuccessText('abstract', true, 'Abstract reset. The author may upload again.')).toBe(
      'Abstract reset. The author may upload again.',
    );
  });

  it('falls back to the spec texts per kind and direction', () => {
    expect(toggleSuccessText('abstract', true, undefined)).toBe('Abstract submission reset successfully');
    expect(toggleSuccessText('fullpaper', false, '')).toBe('Full paper submission restored successfully');
    expect(toggleFailureText('abstract')).toBe('Failed to toggle abstract submission');
    expect(toggleFailureText('fullpaper')).toBe('Failed to toggle fullpaper submission');
  });
});

describe('statusUpdatedText', () => {
  it('names the status by its label and mentions comments only when there are some', () => {
    expect(statusUpdatedText('abstract_accepted', 'Well argued.')).toBe(
      'Paper status updated to Abstract Accepted with review comments',
    );
    expect(statusUpdatedText('review_in_progress', '   ')).toBe('Paper status updated to Review in Progress');
  });
});
