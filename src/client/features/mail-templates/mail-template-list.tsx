import { Link } from 'react-router';
import { MAIL_KIND_LABELS, MAIL_KINDS } from '@shared/domain/outbox.ts';
import type { MailTemplateView } from '@shared/schemas/mail-templates.ts';
import { Badge } from '@client/components/ui/badge.tsx';

/** The templates by kind, each a link that opens it (the page's address keeps which one is open). */
export function MailTemplateList({ templates, openKey }: { templates: MailTemplateView[]; openKey: string | null }) {
  return (
    <nav aria-label="Templates" className="min-w-0 space-y-4">
      {MAIL_KINDS.map((kind) => {
        const ofKind = templates.filter((template) => template.kind === kind);
        if (ofKind.length === 0) return null;
        return (
          <section key={kind}>
            <h2 className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
              {MAIL_KIND_LABELS[kind]}
            </h2>
            <ul className="space-y-1">
              {ofKind.map((template) => {
                const open = template.key === openKey;
                return (
                  <li key={template.key}>
                    <Link
                      to={`?template=${template.key}`}
                      aria-current={open ? 'page' : undefined}
                      className={`flex min-h-11 items-center justify-between gap-2 rounded-md px-3 py-2 text-sm ${
                        open ? 'bg-brand-50 font-semibold text-brand-900' : 'text-slate-800 hover:bg-slate-100'
                      }`}
                    >
                      <span>{template.label}</span>
                      {template.edited && (
                        <Badge tone="accent" className="shrink-0">
                          Edited
                        </Badge>
                      )}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      <p className="text-sm text-slate-600">
        Security e-mails (a password reset, a sign-in alert, two-factor) keep their fixed text.
      </p>
    </nav>
  );
}
