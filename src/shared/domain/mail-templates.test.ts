import { describe, expect, it } from 'vitest';
import { MAIL_TEMPLATE_KEYS, MAIL_TEMPLATES, mailTemplateProblem } from './mail-templates.ts';
import { mailTemplateFormSchema } from '../schemas/mail-templates.ts';
import { missingPlaceholderError, placeholderError, placeholdersIn } from './placeholders.ts';

describe('the templates of the site’s own e-mails', () => {
  it('has defaults that pass their own check, using only their placeholders and every required one', () => {
    for (const key of MAIL_TEMPLATE_KEYS) {
      const { subject, body, placeholders, required } = MAIL_TEMPLATES[key];
      expect(mailTemplateProblem(key, { subject, body }), key).toBeNull();
      const used = placeholdersIn(`${subject}\n${body}`);
      expect(
        used.every((name) => (placeholders as readonly string[]).includes(name)),
        key,
      ).toBe(true);
      expect(
        (required as readonly string[]).every((name) => used.includes(name)),
        key,
      ).toBe(true);
    }
  });

  it('checks against each template’s own set with the engine of the bulk messages', () => {
    expect(placeholderError('Hi {name}, {link}', ['name', 'title'])).toBe(
      'Unknown placeholder {link}. You can use {name}, {title}.',
    );
    expect(missingPlaceholderError(['Dear {name}', 'no link here'], ['link'])).toBe(
      'This placeholder is required: {link}.',
    );
    expect(missingPlaceholderError(['{link}', ''], ['link'])).toBeNull();
    expect(mailTemplateProblem('committee_invitation', { subject: 'Join', body: 'Dear {name}' })).toBe(
      'This placeholder is required: {link}.',
    );
  });

  it('shows the form’s problem under the field it is about', () => {
    const issues = (text: { subject: string; body: string }) =>
      mailTemplateFormSchema('decision_accepted')
        .safeParse(text)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ subject: 'Line one\nline two', body: 'Hello' })).toEqual([
      ['subject', 'The subject must be one line.'],
    ]);
    expect(issues({ subject: 'Accepted {titel}', body: 'Hello' })).toEqual([
      ['subject', expect.stringMatching(/^Unknown placeholder \{titel\}\./)],
    ]);
    expect(issues({ subject: 'Accepted', body: 'Pay {paymentId}' })).toEqual([
      ['body', expect.stringMatching(/^Unknown placeholder \{paymentId\}\./)],
    ]);
    expect(issues({ subject: 'Accepted {paperId}', body: 'Dear {name}' })).toBeUndefined();
  });
});
