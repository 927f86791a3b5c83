import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CommitteeList } from './committee-list.tsx';

describe('CommitteeList', () => {
  it('marks a committee without members as to be announced', () => {
    const html = renderToStaticMarkup(createElement(CommitteeList, { committee: { title: 'Patrons', members: [] } }));
    expect(html).toContain('>Patrons</h2>');
    expect(html).toContain('To be announced');
  });

  it('lists each member with their position', () => {
    const committee = {
      title: 'Organizing Committee',
      members: [
        { name: 'Member One', position: 'Chair' },
        { name: 'Member Two', position: 'Secretary' },
      ],
    };
    const html = renderToStaticMarkup(createElement(CommitteeList, { committee }));
    expect(html.match(/<li/g)).toHaveLength(2);
    expect(html).toMatch(/Member One<\/span><span[^>]*>Chair</);
    expect(html).toMatch(/Member Two<\/span><span[^>]*>Secretary</);
    expect(html).not.toContain('To be announced');
  });
});
