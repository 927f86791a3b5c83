import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paperResponseSchema } from '@shared/schemas/paper.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** The routes that answer a file, a CSV or nothing of their own, rather than JSON. */
const NOT_JSON = [
  'GET /ictacem2025/api/admin/papers/download/{paperId}',
  'GET /ictacem2025/api/admin/papers/export',
  'POST /ictacem2025/api/admin/papers/export',
  'GET /ictacem2025/api/admin/papers/{paperId}/admin-files/{fileId}/view',
  'GET /ictacem2025/api/admin/papers/{paperId}/history/{entryId}/{kind}/view',
  'GET /ictacem2025/api/admin/records/export',
  'GET /ictacem2025/api/chat/papers/{id}/messages/{messageId}/attachments/{index}/download',
  'GET /ictacem2025/api/chat/papers/{id}/messages/{messageId}/attachments/{index}/view',
  'GET /ictacem2025/api/committee/reviews/{paperId}/abstract',
  // The revised abstract sent with an author's response to the reviews (modules/author-responses).
  'GET /ictacem2025/api/committee/reviews/{paperId}/author-response/abstract',
  'GET /ictacem2025/api/papers/{id}/response/revised-abstract',
  'GET /ictacem2025/api/admin/papers/{paperId}/author-responses/{responseId}/abstract',
  'GET /ictacem2025/api/papers/view/{id}',
  'GET /ictacem2025/api/papers/view-full/{id}',
  'GET /ictacem2025/api/papers/{id}/shared-files/{fileId}/view',
  'GET /ictacem2025/api/papers/{id}/letters/acceptance',
  'GET /ictacem2025/api/papers/{id}/letters/visa/{letterId}',
  'GET /ictacem2025/api/admin/papers/{paperId}/letters/acceptance',
  'GET /ictacem2025/api/admin/papers/{paperId}/letters/visa/{letterId}',
  'GET /ictacem2025/api/admin/letters/acceptance.zip',
  'GET /ictacem2025/api/papers/{id}/receipt',
  'GET /ictacem2025/api/admin/papers/{paperId}/receipt',
  'GET /ictacem2025/api/papers/{id}/certificates/{certificateKind}',
  'GET /ictacem2025/api/admin/participants/{participantId}/certificates/{certificateKind}',
  'GET /ictacem2025/api/admin/jobs/{jobId}/download',
  // iCalendar, the schedule JSON and XML of their published formats (modules/programme-feeds).
  'GET /ictacem2025/api/programme/schedule.{format}',
  'GET /ictacem2025/api/programme/events/{eventId}/calendar.ics',
  'GET /ictacem2025/api/programme/programme.pdf',
  // Name badges (modules/badges).
  'GET /ictacem2025/api/admin/badges.pdf',
  'GET /ictacem2025/api/admin/participants/{participantId}/badge.pdf',
  // Server-Sent Events: text/event-stream (modules/live-events).
  'GET /ictacem2025/api/events',
  'GET /ictacem2025/api/events/public',
];

describe('response schemas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ describeApi: true });
  });
  afterAll(() => t.close());

  it('are declared by every API route that answers JSON', () => {
    const document = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses?: Record<string, { content?: object }> }>>;
    };
    const withoutJsonAnswer = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => method !== 'head')
        .filter(([, operation]) => !Object.values(operation.responses ?? {}).some((response) => response.content))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\/$/, '')}`),
    );
    expect(withoutJsonAnswer.filter((route) => route.includes('/api/')).sort()).toEqual([...NOT_JSON].sort());
  });

  it('drop a field no schema lists, such as the confidential evaluation on an author paper', () => {
    const serialize = serializerCompiler({ schema: paperResponseSchema, method: 'GET', url: '/', httpStatus: '200' });
    const paper = {
      _id: 'p1',
      title: 'Shock waves',
      theme: 'Solid Mechanics and Dynamics',
      ictacemId: 'ICTACEMP2025AAAAA',
      modeOfPresentation: 'Oral',
      authors: [{ name: 'Ada', affiliation: 'IIT', address: 'Kharagpur' }],
      status: 'review_awaited',
      review: '',
      paymentId: '',
      submittedAt: '2025-10-01T00:00:00.000Z',
      createdAt: '2025-10-01T00:00:00.000Z',
      fullPaperSubmittedAt: null,
      pdfPath: '/ictacem2025/api/papers/view/p1',
      fullPaperPdfPath: null,
      adminUploadedFiles: [],
      user: 'u1',
      deadlines: { abstract: null, payment: null, fullPaper: null, response: null },
      adminEvaluation: { marks: 42, confidentialComments: 'weak method' },
    };
    const sent = JSON.parse(serialize({ success: true, paper }) as string);
    expect(sent.paper.title).toBe('Shock waves');
    expect(sent.paper).not.toHaveProperty('adminEvaluation');
    expect(JSON.stringify(sent)).not.toContain('weak method');
  });
});
