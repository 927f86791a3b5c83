import { useSearchParams } from 'react-router';
import { isMailTemplateKey } from '@shared/domain/mail-templates.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Spinner } from '@client/components/ui/spinner.tsx';
import { MailTemplateEditor } from './mail-template-editor.tsx';
import { MailTemplateList } from './mail-template-list.tsx';
import { useMailTemplates } from './mail-templates-api.ts';

/** The templates by kind beside the one open (`?template=key`; the first when none is named). */
export function MailTemplatesView() {
  const [params] = useSearchParams();
  const query = useMailTemplates();
  if (query.isPending) return <Spinner label="Loading the templates" />;
  if (query.isError) return <Alert centred>The templates could not be loaded. Please try again.</Alert>;
  const { templates } = query.data;
  if (templates.length === 0) return <p className="text-slate-600">The site has no e-mail templates.</p>;
  const open = templates.find((template) => template.key === params.get('template')) ?? templates[0]!;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
      <MailTemplateList templates={templates} openKey={open.key} />
      {isMailTemplateKey(open.key) ? (
        <MailTemplateEditor key={open.key} templateKey={open.key} template={open} />
      ) : (
        <Alert>This template cannot be edited here: please reload the page.</Alert>
      )}
    </div>
  );
}
