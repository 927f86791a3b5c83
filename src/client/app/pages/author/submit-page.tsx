import { conferenceIdLabel, currentConference } from '@shared/conference.ts';
import { Link } from 'react-router';
import { ButtonLink } from '@client/components/ui/button.tsx';
import { Card } from '@client/components/ui/card.tsx';
import { PageContainer } from '@client/components/ui/page-container.tsx';
import { useAuth, useRegistrationOpen } from '@client/lib/auth-api.ts';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';
import { AbstractSubmissionGate } from './abstract-submission-gate.tsx';

/** Read when drawn: the ID's label is the configured conference's. */
const submissionSteps = () =>
  [
    {
      title: 'Prepare your extended abstract',
      text: 'Write it with the template of the Extended Abstract Format and save it as a PDF.',
    },
    {
      title: 'Enter the paper details and authors',
      text: `Title, theme, your ${conferenceIdLabel()} (from your profile), mode of presentation, then every author with affiliation and address.`,
    },
    {
      title: 'Upload the PDF and submit',
      text: 'Each author account may submit one paper. Follow its review on your profile page.',
    },
  ] as const;

export default function SubmitPage() {
  useDocumentTitle(
    'Submit Extended Abstract/Paper',
    `Submit your extended abstract or paper to ${currentConference().shortName}.`,
  );
  return (
    <PageContainer className="py-8 sm:py-12">
      <h1 className="text-2xl font-bold text-balance text-brand-900 sm:text-3xl">Submit Extended Abstract/Paper</h1>
      <p className="mt-2 max-w-3xl text-pretty text-slate-600">
        {`Submissions for ${currentConference().shortName} start with an extended abstract. Once it is accepted, you enter your payment ID and submit the full-length paper from your profile.`}
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <HowItWorks />
        <StartSubmission />
      </div>
    </PageContainer>
  );
}

function HowItWorks() {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">How it works</h2>
      <ol className="mt-4 space-y-4">
        {submissionSteps().map((step, index) => (
          <li key={step.title} className="flex gap-3">
            <span
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
              aria-hidden="true"
            >
              {index + 1}
            </span>
            <div>
              <p className="font-medium text-slate-900">{step.title}</p>
              <p className="text-sm text-pretty text-slate-600">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <p className="mt-6 text-sm text-slate-700">
        Read the{' '}
        <Link to="/extended-abstract-format" className="font-semibold text-brand-700 hover:underline">
          Extended Abstract Format
        </Link>{' '}
        before you start.
      </p>
    </Card>
  );
}

/** The page's call to action: the wizard when signed in, otherwise login (and sign-up while it is open). */
function StartSubmission() {
  const { user, isLoading } = useAuth();
  const registrationOpen = useRegistrationOpen();
  return (
    <Card className="self-start">
      <h2 className="text-lg font-semibold text-slate-900">Ready to submit?</h2>
      <AbstractSubmissionGate className="mt-3">
        {isLoading ? (
          <div className="mt-4 h-10" aria-hidden="true" />
        ) : user ? (
          <ButtonLink to="/submit-paper" className="mt-4 w-full">
            Submit Your Paper
          </ButtonLink>
        ) : (
          <>
            <p className="mt-2 text-sm text-pretty text-slate-700">
              Please {registrationOpen ? 'log in or sign up' : 'log in'} to submit your extended abstract or paper.
            </p>
            <div className="mt-4 flex flex-col gap-2">
              <ButtonLink to="/login" state={{ from: '/submit-paper' }}>
                Login
              </ButtonLink>
              {registrationOpen && (
                <ButtonLink to="/registration" variant="secondary">
                  Sign up
                </ButtonLink>
              )}
            </div>
          </>
        )}
      </AbstractSubmissionGate>
    </Card>
  );
}
