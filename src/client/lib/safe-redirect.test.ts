import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './safe-redirect.ts';

const SITE = 'https://conference.example/ictacem2025/login';

describe('safeReturnPath', () => {
  it('keeps same-site paths', () => {
    expect(safeReturnPath('/submit-paper')).toBe('/submit-paper');
    expect(safeReturnPath('/admin/paper/1?tab=a')).toBe('/admin/paper/1?tab=a');
  });

  it.each([
    '//evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/\\evil.example',
    '\\\\evil',
    '',
    undefined,
    42,
    '/a\nb',
  ])('sends %s to /profile', (candidate) => {
    expect(safeReturnPath(candidate)).toBe('/profile');
  });

  // Every way a browser could read a "return to" value as another site: whatever is kept must
  // resolve, as a browser resolves it, to this site.
  const prefixes = [
    '',
    '/',
    '//',
    '///',
    '\\',
    '\\\\',
    '/\\',
    '\\/',
    '/\t/',
    '/\n/',
    '\t//',
    ' //',
    '/ /',
    '/%2F',
    '/%5C',
    '/..//',
    '/./\\',
    'https:',
    'https:/',
    'https://',
    'HTTPS://',
    '//\u0000',
    '\u0000//',
  ];
  const hosts = ['evil.example', 'evil.example/profile', '@evil.example', 'localhost@evil.example'];
  const schemes = [
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
  ];

  it.each([...prefixes.flatMap((prefix) => hosts.map((host) => prefix + host)), ...schemes])(
    'keeps %j on the site',
    (candidate) => {
      const kept = safeReturnPath(candidate);
      const resolved = new URL(kept, SITE);
      expect(resolved.origin).toBe('https://conference.example');
      expect(resolved.protocol).toBe('https:');
      expect(kept.startsWith('/') && !kept.startsWith('//')).toBe(true);
    },
  );
});
