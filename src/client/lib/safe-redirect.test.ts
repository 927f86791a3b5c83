import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safe-redirect.ts';

describe('safeReturnPath', () => {
  it('keeps same-site paths', () => {
    expect(safeReturnPath('/submit-paper')).toBe('/submit-paper');
    expect(safeReturnPath('/admin/paper/1?tab=a')).toBe('/admin/paper/1?tab=a');
  });

  it.each(['//evil.example', 'https://evil.example', 'javascript:alert(1)', '/\\evil.example', '\\\\evil', '', undefined, 42, '/a\nb'])(
    'sends %s to /profile',
    (candidate) => {
      expect(safeReturnPath(candidate)).toBe('/profile');
    },
  );
});
