import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DISCUSSION_LIMITS } from '@shared/domain/discussion.ts';
import { type DiscussionBody, discussionBodySchema } from '@shared/schemas/discussion.ts';
import { Alert } from '@client/components/ui/alert.tsx';
import { Button } from '@client/components/ui/button.tsx';
import { TextAreaField } from '@client/components/ui/form-field.tsx';
import { errorText } from '@client/lib/api.ts';
import { formatDateTime } from '@client/lib/dates.ts';
import { VALIDATE_ON_SUBMIT_ONLY } from '@client/lib/form-options.ts';

interface ThreadMessage {
  _id: string;
  author: string;
  own: boolean;
  body: string;
  at: string;
}

interface DiscussionThreadProps {
  messages: readonly ThreadMessage[];
  /** Posts a message; resolves once it is saved (the thread then comes back with it). */
  onPost: (body: DiscussionBody) => Promise<unknown>;
  posting: boolean;
}

/** A paper's discussion: the messages, oldest first, and a box to add one (members' and organisers' alike). */
export function DiscussionThread({ messages, onPost, posting }: DiscussionThreadProps) {
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DiscussionBody>({
    resolver: zodResolver(discussionBodySchema),
    defaultValues: { body: '' },
    ...VALIDATE_ON_SUBMIT_ONLY,
  });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await onPost(values);
      reset({ body: '' });
    } catch (error) {
      setFailure(errorText(error, 'Your message could not be posted. Please try again.'));
    }
  });
  return (
    <div className="space-y-4">
      {messages.length === 0 ? (
        <p className="text-sm text-slate-600">No messages yet.</p>
      ) : (
        <ol className="space-y-3" aria-label="Messages, oldest first">
          {messages.map((message) => (
            <li
              key={message._id}
              className={`rounded-lg p-3 ${message.own ? 'bg-brand-50' : 'bg-slate-50'}`}
              data-testid="discussion-message"
            >
              <p className="text-sm font-semibold text-slate-900">
                {message.author}
                {message.own && <span className="font-normal text-slate-600"> (you)</span>}
                <span className="ml-2 font-normal text-slate-600">{formatDateTime(message.at)}</span>
              </p>
              <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={onSubmit} noValidate aria-label="Add to the discussion" className="space-y-2">
        <TextAreaField
          label="Your message"
          rows={3}
          maxLength={DISCUSSION_LIMITS.body}
          error={errors.body?.message}
          readOnly={posting}
          {...register('body')}
        />
        {failure && <Alert>{failure}</Alert>}
        <div className="flex justify-end">
          <Button type="submit" variant="secondary" disabled={posting}>
            {posting ? 'Posting...' : 'Post message'}
          </Button>
        </div>
      </form>
    </div>
  );
}
