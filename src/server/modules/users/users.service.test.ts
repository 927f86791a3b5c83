import { describe, expect, it } from 'vitest';
import { newCustomUserId } from './users.service.ts';

describe('conference user id', () => {
  it('follows the documented format without look-alike characters', () => {
    for (let i = 0; i < 100; i += 1) expect(newCustomUserId()).toMatch(/^ICTACEMP2025[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{5}$/);
  });
});
