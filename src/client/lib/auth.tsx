import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../shared/schemas/user.ts';
import { api } from './api.ts';

export const PROFILE_KEY = ['auth', 'profile'] as const;
const SESSION_KEY = ['site', 'session'] as const;

interface SiteSession {
  user: PublicUser | null;
  registrationOpen: boolean;
}

function fetchSession(): Promise<SiteSession> {
  return api<SiteSession>('/auth/session');
}

/** The signed-in user, or null; /auth/session answers a visitor with 200, keeping the console clean. */
export function useAuth() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: async () => {
      const session = await fetchSession();
      queryClient.setQueryData(SESSION_KEY, session);
      return session.user;
    },
    staleTime: 60_000,
    retry: false,
  });
  return {
    user: query.data ?? null,
    isLoading: query.isPending,
    isAdmin: query.data?.role === 'admin',
  };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; password: string; challenge?: { id: string; answer: number } }) =>
      api<{ user: PublicUser }>('/auth/login', { method: 'POST', body }),
    onSuccess: ({ user }) => queryClient.setQueryData(PROFILE_KEY, user),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { username: string; email: string; password: string }) =>
      api<{ user: PublicUser }>('/auth/register', { method: 'POST', body }),
    onSuccess: ({ user }) => queryClient.setQueryData(PROFILE_KEY, user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ success: boolean }>('/auth/logout', { method: 'POST' }),
    onSuccess: () => {
      queryClient.setQueryData(PROFILE_KEY, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'site' });
    },
  });
}

/** Whether authors can sign up; undefined while loading. Sign-up is promoted only when it is open. */
export function useRegistrationOpen(): boolean | undefined {
  const query = useQuery({ queryKey: SESSION_KEY, queryFn: fetchSession, staleTime: 5 * 60_000 });
  return query.data?.registrationOpen;
}
