import { ButtonLink } from '@client/components/ui/button.tsx';
import { useDocumentTitle } from '@client/lib/use-document-title.ts';

export default function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-bold text-brand-900">Page Not Found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" className="mt-8">
        Back to Home
      </ButtonLink>
    </div>
  );
}
