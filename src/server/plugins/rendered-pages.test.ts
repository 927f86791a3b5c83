import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';
import type { RenderPage } from '@shared/page-rendering.ts';
import { RenderedPages } from './client-pages.ts';

describe('the rendered pages kept', () => {
  it('stay under their cap whatever the addresses asked, the oldest used dropped first', async () => {
    const rendered: string[] = [];
    // A page of about 100,000 characters: ten fit under a cap of a million, not eleven.
    const render: RenderPage = async ({ url }) => {
      rendered.push(url);
      return { html: url.padEnd(100_000, '.'), pageQueries: '{}' };
    };
    const pages = new RenderedPages(1_000_000);
    const input = (url: string) => ({ url, basename: '/ictacem2025', data: {}, conference: DEFAULT_CONFERENCE });
    // A crawler's or an attacker's endless query strings: each a rendering, none kept for long.
    for (let n = 0; n < 200; n++) await pages.render(render, input(`/ictacem2025/schedule?utm=${n}`));
    expect(rendered).toHaveLength(200);

    // The last nine are still kept, the ones before dropped.
    rendered.length = 0;
    for (let n = 191; n < 200; n++) await pages.render(render, input(`/ictacem2025/schedule?utm=${n}`));
    expect(rendered).toEqual([]);
    await pages.render(render, input('/ictacem2025/schedule?utm=0'));
    expect(rendered).toEqual(['/ictacem2025/schedule?utm=0']);

    // A page larger than the whole cap is sent, never kept.
    const huge: RenderPage = async () => ({ html: 'x'.repeat(2_000_000), pageQueries: '{}' });
    expect((await pages.render(huge, input('/ictacem2025/huge'))).html).toHaveLength(2_000_000);
    await pages.render(render, input('/ictacem2025/huge'));
    expect(rendered.at(-1)).toBe('/ictacem2025/huge');
  });
});
