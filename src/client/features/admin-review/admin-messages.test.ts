import { describe, expect, it } from 'vitest';
import { toggleFailureText, toggleSuccessText } from './admin-messages.ts';

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
