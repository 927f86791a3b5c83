import { describe, expect, it } from 'vitest';
import { chatComposeSchema, chatFilesProblem } from './chat-files.ts';

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

describe('chatComposeSchema', () => {
  const file = (name: string, size = 1) => new File([new Uint8Array(size)], name);
  const problems = (compose: { message: string; files: File[] }) =>
    chatComposeSchema.safeParse(compose).error?.issues.map((issue) => issue.message) ?? [];

  it('takes text, files or both, the text trimmed', () => {
    expect(chatComposeSchema.parse({ message: '  Привет, 谢谢  ', files: [] }).message).toBe('Привет, 谢谢');
    expect(problems({ message: '', files: [file('figure.png')] })).toEqual([]);
  });

  it('refuses an empty message, a long one and a file the rules refuse', () => {
    expect(problems({ message: '   ', files: [] })).toEqual(['Please enter a message or attach a file']);
    expect(problems({ message: 'x'.repeat(5001), files: [] })).toEqual(['A message is limited to 5,000 characters.']);
    expect(problems({ message: 'See the notes', files: [file('notes.docx')] })).toEqual([
      'File notes.docx is not allowed. Only images and PDFs are supported.',
    ]);
  });
});
