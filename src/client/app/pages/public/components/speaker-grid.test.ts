import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SpeakerGrid } from './speaker-grid.tsx';

describe('SpeakerGrid', () => {
  it('says the speakers are to be announced while the list is empty', () => {
    const html = renderToStaticMarkup(createElement(SpeakerGrid, { speakers: [] }));
    expect(html).toContain('Keynote speakers to be announced');
    expect(html).not.toContain('<ul');
  });

  it('renders a card with name, affiliation and the Keynote Speaker label for each speaker', () => {
    const html = renderToStaticMarkup(
      createElement(SpeakerGrid, {
        speakers: [
          { name: 'Speaker One', affiliation: 'First University, Country' },
          { name: 'Speaker Two', affiliation: 'Second Institute, Country' },
        ],
      }),
    );
    expect(html.match(/<li/g)).toHaveLength(2);
    expect(html).toMatch(/<h3[^>]*>Speaker One<\/h3>/);
    expect(html).toContain('Second Institute, Country');
    expect(html.match(/Keynote Speaker</g)).toHaveLength(2);
    expect(html).toContain('>SO<');
    expect(html).not.toContain('to be announced');
  });
});
