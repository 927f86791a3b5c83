import { COMMITTEE_TEXTS } from '@shared/domain/committee.ts';
import { Button } from '@client/components/ui/button.tsx';
import { Card } from '@client/components/ui/card.tsx';
import { errorText } from '@client/lib/api.ts';
import { useToast } from '@client/lib/toast.tsx';
import { useCommitteeListing, useSetCommitteeListing } from './committee-listing-api.ts';

/**
 * The member's consent to be named on the public Committee page, asked on accepting the
 * invitation: shown as it stands, with one button to withdraw it or to give it.
 */
export function CommitteeListingPanel() {
  const listing = useCommitteeListing();
  const save = useSetCommitteeListing();
  const toast = useToast();
  // Nothing to say until it is known; a failed read leaves the reviews page as it was.
  if (!listing.data) return null;
  const { listedPublicly, name, affiliation } = listing.data;
  const change = async () => {
    try {
      const { message } = await save.mutateAsync(!listedPublicly);
      toast.success(message);
    } catch (error) {
      toast.error(errorText(error, 'Your choice could not be saved. Please try again.'));
    }
  };
  return (
    <Card>
      <section aria-labelledby="committee-listing-heading" className="space-y-3">
        <h2 id="committee-listing-heading" className="text-lg font-semibold text-brand-900">
          {COMMITTEE_TEXTS.listingHeading}
        </h2>
        <p className="text-slate-700">
          {listedPublicly ? (
            <>
              {COMMITTEE_TEXTS.listedAs}{' '}
              <span className="font-semibold text-slate-900">
                {name}
                {affiliation && `, ${affiliation}`}
              </span>
              .
            </>
          ) : (
            COMMITTEE_TEXTS.notListed
          )}
        </p>
        <Button variant="secondary" onClick={() => void change()} disabled={save.isPending}>
          {listedPublicly ? COMMITTEE_TEXTS.unlistMe : COMMITTEE_TEXTS.listPubliclyLabel}
        </Button>
      </section>
    </Card>
  );
}
