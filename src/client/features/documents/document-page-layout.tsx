import { Card } from '@client/components/ui/card.tsx';
import { PageContainer } from '@client/components/ui/page-container.tsx';
import { contactMailHref } from '@client/content/conference.ts';
import type { ConferenceDocument } from '@shared/schemas/site-content.ts';
import { DocumentLinks } from './document-links.tsx';
import { PdfPreview } from './pdf-preview.tsx';

/** The body shared by the Brochure and the two format pages: notes, buttons, help, preview. */
export function DocumentPageLayout({ document }: { document: ConferenceDocument }) {
  return (
    <PageContainer className="grid gap-8 py-10 sm:py-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="space-y-6">
        <Card>
          <h2 className="text-xl font-bold text-brand-900">{document.listHeading}</h2>
          <ul className="mt-4 space-y-3">
            {document.listItems.map((item) => (
              <li key={item} className="flex gap-3 text-slate-700">
                <CheckIcon />
                <span>{item}</span>
              </li>
            ))}
          </ul>
          <DocumentLinks
            fileName={document.fileName}
            viewLabel={`View ${document.buttonLabel}`}
            downloadLabel={`Download ${document.buttonLabel}`}
            className="mt-6"
          />
        </Card>
        <DocumentHelp title={document.title} />
      </div>
      <section aria-labelledby="document-preview-heading">
        <h2 id="document-preview-heading" className="mb-4 text-xl font-bold text-brand-900">
          Preview
        </h2>
        <PdfPreview fileName={document.fileName} title={document.title} />
      </section>
    </PageContainer>
  );
}

function DocumentHelp({ title }: { title: string }) {
  const mail = contactMailHref(`${title}: help`);
  return (
    <div className="rounded-xl bg-brand-50 p-6 text-sm text-slate-700">
      <h2 className="text-base font-semibold text-brand-900">Need help?</h2>
      <p className="mt-2">
        If you cannot open the document or have a question about it,{' '}
        {mail ? (
          <a href={mail} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            write to the organizers
          </a>
        ) : (
          <>write to the organizers (contact e-mail address to be announced)</>
        )}
        .
      </p>
    </div>
  );
}

function CheckIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      className="mt-0.5 shrink-0 text-green-700"
      aria-hidden="true"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}
