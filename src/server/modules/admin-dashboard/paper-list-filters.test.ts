import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPaper, createTestUser, type TestUser } from '@server/test/factories.ts';
import { multipart, pdfBytes } from '@server/test/multipart.ts';
import { API, createTestApp, type TestApp } from '@server/test/test-app.ts';

describe('paper list: payment, full paper and unread messages', () => {
  let t: TestApp;
  let admin: TestUser;
  let otherAdmin: TestUser;
  const authored: { author: TestUser; paper: { _id: string; ictacemId: string } }[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    [admin, otherAdmin] = [
      await createTestUser(t.app, { role: 'admin' }),
      await createTestUser(t.app, { role: 'admin' }),
    ];
    for (const title of ['Filter plates', 'Filter shells', 'Filter beams']) {
      const author = await createTestUser(t.app);
      authored.push({ author, paper: await createTestPaper(t.app, author, { title }) });
    }
    const [first] = authored;
    const accept = await call(admin, 'POST', '/admin/papers/bulk/status', {
      paperIds: [first!.paper._id],
      status: 'abstract_accepted',
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const pay = await call(first!.author, 'PATCH', `/papers/${first!.paper._id}/payment`, { paymentId: 'PAY-7' });
    expect(pay.statusCode, pay.body).toBe(200);
    const body = multipart({}, [{ field: 'fullPaperPdf', name: 'full.pdf', content: pdfBytes('full') }]);
    const full = await t.app.inject({
      method: 'POST',
      url: `${API}/papers/${first!.paper._id}/full-paper`,
      headers: { ...body.headers, cookie: first!.author.cookie },
      payload: body.payload,
    });
    expect(full.statusCode, full.body).toBe(200);
  });
  afterAll(() => t.close());

  function call(user: TestUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
    return t.app.inject({ method, url: `${API}${url}`, headers: { cookie: user.cookie }, payload });
  }
  function chat(user: TestUser, paperId: string, message: string) {
    const body = multipart({ message });
    return t.app.inject({
      method: 'POST',
      url: `${API}/chat/papers/${paperId}/messages`,
      headers: { ...body.headers, cookie: user.cookie },
      payload: body.payload,
    });
  }
  async function list(user: TestUser, query: string) {
    const res = await call(user, 'GET', `/admin/papers?search=Filter&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().papers as { ictacemId: string; unreadMessages: number; lastAuthorMessageAt: string | null }[];
  }
  const ids = (rows: { ictacemId: string }[]) => rows.map((row) => row.ictacemId);
  const idOf = (i: number) => authored[i]!.paper.ictacemId;

  it('filters by payment and by full paper', async () => {
    expect(ids(await list(admin, 'payment=paid'))).toEqual([idOf(0)]);
    expect(ids(await list(admin, 'payment=unpaid')).sort()).toEqual([idOf(1), idOf(2)].sort());
    expect(ids(await list(admin, 'fullPaper=yes'))).toEqual([idOf(0)]);
    expect(ids(await list(admin, 'fullPaper=no&payment=paid'))).toEqual([]);
    expect((await call(admin, 'GET', '/admin/papers?payment=sometimes')).statusCode).toBe(400);
  });

  it("counts each admin's unread author messages, filters by them and sorts by the latest", async () => {
    expect((await chat(authored[2]!.author, authored[2]!.paper._id, 'Is the template fixed?')).statusCode).toBe(201);
    expect((await chat(authored[2]!.author, authored[2]!.paper._id, 'And the page limit?')).statusCode).toBe(201);
    expect((await chat(authored[0]!.author, authored[0]!.paper._id, 'Paid today.')).statusCode).toBe(201);
    // An admin's own message is no question waiting and does not move the paper up.
    expect((await chat(admin, authored[1]!.paper._id, 'Please check your file.')).statusCode).toBe(201);

    const byLatest = await list(admin, 'sort=latestMessage');
    expect(ids(byLatest)).toEqual([idOf(0), idOf(2), idOf(1)]);
    expect(byLatest.map((row) => row.unreadMessages)).toEqual([1, 2, 0]);
    expect(byLatest[2]!.lastAuthorMessageAt).toBeNull();
    expect(ids(await list(admin, 'unread=yes&sort=latestMessage'))).toEqual([idOf(0), idOf(2)]);

    // Reading a paper's chat clears it for that admin only.
    expect((await call(admin, 'GET', `/chat/papers/${authored[2]!.paper._id}/messages`)).statusCode).toBe(200);
    expect(ids(await list(admin, 'unread=yes'))).toEqual([idOf(0)]);
    expect((await list(admin, 'sort=latestMessage'))[1]!.unreadMessages).toBe(0);
    expect(ids(await list(otherAdmin, 'unread=yes&sort=latestMessage'))).toEqual([idOf(0), idOf(2)]);

    // A new question after the read makes it unread again, and first in the order.
    expect((await chat(authored[2]!.author, authored[2]!.paper._id, 'One more thing.')).statusCode).toBe(201);
    expect(ids(await list(admin, 'unread=yes&sort=latestMessage'))).toEqual([idOf(2), idOf(0)]);
    const selection = await call(admin, 'GET', '/admin/papers/bulk/selection?search=Filter&unread=yes');
    expect(selection.json().paperIds.sort()).toEqual([authored[0]!.paper._id, authored[2]!.paper._id].sort());
  });
});
