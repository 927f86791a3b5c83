import { useId, useState } from 'react';
import { AUTHOR_MESSAGE_TEXTS, MESSAGE_LIMITS, type MessageTemplate } from '@shared/schemas/author-messages.ts';
import { Button } from '@client/components/ui/button.tsx';
import { errorText } from '@client/lib/api.ts';
import { useDeleteTemplate, useMessageTemplates, useSaveTemplate } from './author-messages-api.ts';

interface TemplatePickerProps {
  /** The subject and body being written: what "Save as template" keeps. */
  current: { subject: string; body: string };
  onUse: (template: MessageTemplate) => void;
}

/** Choose a saved template to start from, save what is written as one, or delete one. */
export function TemplatePicker({ current, onUse }: TemplatePickerProps) {
  const templates = useMessageTemplates();
  const saveTemplate = useSaveTemplate();
  const deleteTemplate = useDeleteTemplate();
  const [chosenId, setChosenId] = useState('');
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [working, setWorking] = useState(false);
  const selectId = useId();
  const nameId = useId();
  const list = templates.data?.templates ?? [];
  const chosen = list.find((template) => template._id === chosenId);

  const run = async (work: () => Promise<string>, failure: string) => {
    setWorking(true);
    try {
      setNotice({ text: await work(), error: false });
    } catch (error) {
      setNotice({ text: errorText(error, failure), error: true });
    } finally {
      setWorking(false);
    }
  };

  const save = () =>
    run(async () => {
      const trimmed = name.trim();
      if (!trimmed) throw new Error(AUTHOR_MESSAGE_TEXTS.templateNameRequired);
      // Saving under a name already used replaces that template: the admin typed it on purpose.
      const existing = list.find((template) => template.name === trimmed);
      const saved = await saveTemplate.mutateAsync({
        template: { name: trimmed, ...current },
        existingId: existing?._id,
      });
      setChosenId(saved._id);
      setNaming(false);
      return existing ? `Template "${saved.name}" updated.` : `Template "${saved.name}" saved.`;
    }, 'The template could not be saved.');

  const remove = (template: MessageTemplate) =>
    run(async () => {
      await deleteTemplate.mutateAsync(template._id);
      setChosenId('');
      return `Template "${template.name}" deleted.`;
    }, 'The template could not be deleted.');

  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-700">
            Template
          </label>
          <select
            id={selectId}
            value={chosenId}
            disabled={templates.isPending || working}
            onChange={(event) => {
              setChosenId(event.target.value);
              setNotice(null);
              const template = list.find((t) => t._id === event.target.value);
              if (template) onUse(template);
            }}
            className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
          >
            <option value="">
              {templates.isPending ? 'Loading templates...' : list.length === 0 ? 'No saved templates' : 'None'}
            </option>
            {list.map((template) => (
              <option key={template._id} value={template._id}>
                {template.name}
              </option>
            ))}
          </select>
        </div>
        {chosen && (
          <Button variant="secondary" onClick={() => void remove(chosen)} disabled={working}>
            Delete template
          </Button>
        )}
        {!naming && (
          <Button
            variant="secondary"
            onClick={() => {
              setNaming(true);
              setName(chosen?.name ?? '');
              setNotice(null);
            }}
            disabled={working}
          >
            Save as template
          </Button>
        )}
      </div>
      {naming && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={nameId} className="mb-1 block text-sm font-medium text-slate-700">
              Template name
            </label>
            <input
              id={nameId}
              value={name}
              maxLength={MESSAGE_LIMITS.templateName}
              autoFocus
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                // Enter saves the template, not the message form around it.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void save();
                }
              }}
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base"
            />
          </div>
          <Button onClick={() => void save()} disabled={working}>
            Save template
          </Button>
          <Button variant="secondary" onClick={() => setNaming(false)} disabled={working}>
            Cancel
          </Button>
        </div>
      )}
      {templates.isError && <p className="text-sm text-red-700">The templates could not be loaded.</p>}
      <p role="status" className={`text-sm empty:hidden ${notice?.error ? 'text-red-700' : 'text-slate-600'}`}>
        {notice?.text ?? ''}
      </p>
    </div>
  );
}
