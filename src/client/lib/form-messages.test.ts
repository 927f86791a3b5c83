import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { registerFormSchema } from '@shared/schemas/auth.ts';
import { systemNotificationBodySchema } from '@shared/schemas/notification.ts';

/** What react-hook-form shows under each field: the resolver's message for it. */
async function formErrors(schema: Parameters<typeof zodResolver>[0], values: Record<string, unknown>) {
  const { errors } = await zodResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [field, (error as { message: string }).message]),
  );
}

describe('the forms show the messages the server sends', () => {
  it('names the field and its limit under a too-long field', async () => {
    const errors = await formErrors(registerFormSchema, {
      username: 'Дмитрий Иванович '.repeat(7),
      email: 'dmitry@example.org',
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
    });
    expect(errors).toEqual({ username: 'Username must be at most 100 characters' });
  });

  it('names the field that is missing or of the wrong kind', async () => {
    const errors = await formErrors(systemNotificationBodySchema, {
      recipientId: '00000000-0000-4000-8000-000000000000',
      title: 'सूचना',
      message: 7,
    });
    expect(errors).toEqual({ message: 'Message must be text' });
  });
});
