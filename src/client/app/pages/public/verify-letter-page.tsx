import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageContainer } from '@client/components/ui/page-container.tsx';
import { LetterVerification } from '@client/features/letters/letter-verification.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { currentConference } from '@shared/conference.ts';

/** /verify-letter and /verify-letter/{code}: the address each letter prints, with its QR code. */
export default function VerifyLetterPage() {
  useDocumentTitle(
    'Verify a Letter',
    `Check that an acceptance letter, visa invitation letter, payment receipt or certificate of ${currentConference().shortName} is genuine, by its verification code.`,
  );
  const { code } = useParams();
  const navigate = useNavigate();
  // The form as a browser sends it without JavaScript (or before the page is live): a blank code
  // comes back here as ?code=, and gets the answer the live form gives.
  const [search] = useSearchParams();
  const sentBlank = code === undefined && search.get('code')?.trim() === '';
  return (
    <PageContainer className="max-w-3xl py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">Verify a Letter</h1>
      <p className="mt-2 mb-6 text-slate-700">
        {`Acceptance letters, visa invitation letters, payment receipts and certificates of ${currentConference().shortName} carry a verification code at the bottom of the page. Enter it to confirm that the site issued the document and what it states.`}
      </p>
      <LetterVerification
        key={code ?? ''}
        code={code ?? null}
        sentBlank={sentBlank}
        onCheck={(typed) => navigate(`/verify-letter/${encodeURIComponent(typed)}`, { replace: code !== undefined })}
      />
    </PageContainer>
  );
}
