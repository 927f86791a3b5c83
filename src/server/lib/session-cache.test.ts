import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@shared/schemas/user.ts';
import { SessionCache } from './session-cache.ts';

const user = (id: string): PublicUser => ({
  _id: id,
  username: id,
  email: `${id}@x.org`,
  customUserId: 'ICTACEMP2025AAAAA',
  role: 'author',
  twoFactorEnabled: false,
  createdAt: '',
});

describe('SessionCache', () => {
  it('keeps an entry for its lifetime only', () => {
    let now = 0;
    const cache = new SessionCache(1000, 10, () => now);
    cache.set('h1', user('u1'), cache.revocationMark());
    expect(cache.get('h1')?._id).toBe('u1');
    now = 1000;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('forgets by token and by user', () => {
    const cache = new SessionCache();
    cache.set('h1', user('u1'), cache.revocationMark());
    cache.set('h2', user('u1'), cache.revocationMark());
    cache.set('h3', user('u2'), cache.revocationMark());
    cache.forgetToken('h3');
    expect(cache.get('h3')).toBeUndefined();
    cache.forgetUser('u1');
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h2')).toBeUndefined();
  });

  it('does not cache a lookup that a revocation overtook, and caches nothing with a lifetime of 0', () => {
    const cache = new SessionCache();
    const mark = cache.revocationMark();
    cache.forgetToken('h1');
    cache.set('h1', user('u1'), mark);
    expect(cache.get('h1')).toBeUndefined();
    const off = new SessionCache(0);
    off.set('h2', user('u2'), off.revocationMark());
    expect(off.get('h2')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = new SessionCache(60_000, 2);
    cache.set('a', user('a'), cache.revocationMark());
    cache.set('b', user('b'), cache.revocationMark());
    cache.set('c', user('c'), cache.revocationMark());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?._id).toBe('c');
  });
});
