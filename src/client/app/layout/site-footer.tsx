import { Link } from 'react-router';
import { PAGE_WIDTH } from '@client/components/ui/page-container.tsx';
import { contactMailHref, conference, footerLinks } from '@client/content/conference.ts';
import { useConferenceDays } from '@client/lib/use-conference-dates.ts';

export function SiteFooter() {
  const { contact } = conference;
  const mail = contactMailHref();
  const days = useConferenceDays();
  return (
    <footer className="mt-auto bg-brand-900 text-blue-100">
      <div className={`${PAGE_WIDTH} grid gap-8 py-10 sm:grid-cols-3`}>
        <div>
          <p className="text-lg font-bold text-white">{conference.shortName}</p>
          <p className="mt-2 text-sm">{conference.fullName}</p>
          {days && <p className="mt-2 text-sm">{days}</p>}
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Quick links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <address className="text-sm not-italic">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <p className="mt-3">Address: {contact.postalAddress}</p>
          <p className="mt-2">Phone: {contact.phone}</p>
          <p className="mt-2">
            E-mail:{' '}
            {mail ? (
              <a href={mail} className="underline hover:text-white">
                {contact.email}
              </a>
            ) : (
              contact.email
            )}
          </p>
        </address>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs">
        © {conference.year} {conference.acronym}. All rights reserved.
      </p>
    </footer>
  );
}
