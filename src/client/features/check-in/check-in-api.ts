import type {
  checkInResponseSchema,
  DeskParticipant,
  deskSearchResponseSchema,
  scanResponseSchema,
} from '@shared/schemas/participants.ts';
import { api, ApiError, type ResponseOf } from '@client/lib/api.ts';

export type CheckInAnswer = ResponseOf<typeof checkInResponseSchema>;

export const scanCode = (code: string) =>
  api<ResponseOf<typeof scanResponseSchema>>('/check-in/scan', { method: 'POST', body: { code } });

export const searchParticipants = (q: string) =>
  api<ResponseOf<typeof deskSearchResponseSchema>>(`/check-in/search?q=${encodeURIComponent(q)}`);

export const sendCheckIn = (participantId: string, key: string) =>
  api<CheckInAnswer>('/check-in', { method: 'POST', body: { participantId, key } });

/** A check-in tapped while the network was down: kept in the page's storage until the server has it. */
export interface QueuedCheckIn {
  participantId: string;
  name: string;
  key: string;
}

const QUEUE_KEY = 'ictacem-check-in-queue';

export function queuedCheckIns(): QueuedCheckIn[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(QUEUE_KEY) ?? '[]');
    return Array.isArray(stored) ? (stored as QueuedCheckIn[]) : [];
  } catch {
    return [];
  }
}

function saveQueue(queue: QueuedCheckIn[]) {
  localStorage.setItem(QUEUE_KEY, JSON.stringify(queue));
}

export function enqueue(entry: QueuedCheckIn) {
  saveQueue([...queuedCheckIns().filter((q) => q.key !== entry.key), entry]);
}

/**
 * Sends what is queued, oldest first; each keeps its key, so a check-in the server got before the
 * answer was lost is not recorded twice. Stops at the first network failure, keeping the rest.
 */
export async function flushQueue(): Promise<CheckInAnswer[]> {
  const answers: CheckInAnswer[] = [];
  for (const entry of queuedCheckIns()) {
    try {
      answers.push(await sendCheckIn(entry.participantId, entry.key));
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) break;
    }
    saveQueue(queuedCheckIns().filter((q) => q.key !== entry.key));
  }
  return answers;
}

export type { DeskParticipant };
