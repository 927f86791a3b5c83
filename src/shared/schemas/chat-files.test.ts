import { describe, expect, it } from 'vitest';
import { chatFilesProblem } from './chat-files.ts';

const MB = 1024 * 1024;

describe('chatFilesProblem', () => {
  it('accepts up to five images and PDFs of at most 5 MB', () => {
    expect(chatFilesProblem([])).toBeNull();
    expect(
      chatFilesProblem(['a.jpg', 'b.JPEG', 'c.png', 'd.gif', 'e.pdf'].map((name) => ({ name, size: 5 * MB }))),
    ).toBeNull();
  });

  it('names the first problem in the spec words', () => {
    expect(chatFilesProblem(Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, size: 1 })))).toBe(
      'Maximum 5 files allowed per message',
    );
    expect(chatFilesProblem([{ name: 'notes.docx', size: 1 }])).toBe(
      'File notes.docx is not allowed. Only images and PDFs are supported.',
    );
    expect(chatFilesProblem([{ name: 'big.webp', size: 5 * MB + 1 }])).toBe(
      'File big.webp is too large. Maximum size is 5MB.',
    );
  });
});
