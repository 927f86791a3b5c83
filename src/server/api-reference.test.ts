import { describe, expect, it } from 'vitest';
import { currentApiReference, renderApiReference } from './api-reference.ts';

describe('API reference', () => {
  it('in docs/api.md is the one the routes describe (run `npm run docs:api` after changing a route)', async () => {
    const generated = await renderApiReference();
    expect(generated).toContain('`GET /api/admin/papers/{paperId}`');
    expect(await currentApiReference()).toBe(generated);
  });
});
