// npm run bench:statements: importing a 20,000-row portal statement against 10,000 papers with
// payment IDs (time and peak memory), beside a bare baseline in the same run: csv-parse alone
// reading the same file. The import is measured as an organiser runs it, through the API: the
// upload, the read in a worker thread, the stored rows and the classed report.
import { parse } from 'csv-parse/sync';
import { feeCategories, paperFeeChoices, papers, users } from '../src/server/db/schema/index.ts';
import { createTestUser } from '../src/server/test/factories.ts';
import { multipart } from '../src/server/test/multipart.ts';
import { API, createTestApp } from '../src/server/test/test-app.ts';

const PAPERS = 10_000;
const ROWS = 20_000;

/** The process's resident memory sampled every 10 ms while `work` runs: threads are inside it. */
async function measured<T>(work: () => Promise<T> | T): Promise<{ ms: number; peakMb: number; result: T }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  const result = await work();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMb: (peak - before) / 1024 / 1024, result };
}

const t = await createTestApp();
try {
  const admin = await createTestUser(t.app, { role: 'admin' });
  const [category] = await t.app.ctx.db
    .insert(feeCategories)
    .values({ name: 'Student (Indian)', currency: 'INR', earlyBirdMinor: 500000, lateMinor: 600000 })
    .returning();
  const paperIds: string[] = [];
  for (let start = 0; start < PAPERS; start += 1000) {
    const count = Math.min(1000, PAPERS - start);
    // One paper per author: the authors first, with a hash nobody signs in with.
    const authors = await t.app.ctx.db
      .insert(users)
      .values(
        Array.from({ length: count }, (_, i) => ({
          username: `Nguyễn Thị Lan ${start + i}`,
          email: `bench-author-${start + i}@ictacem.test`,
          passwordHash: 'not-a-password',
          customUserId: `ICTACEMB${String(start + i).padStart(6, '0')}`,
        })),
      )
      .returning({ id: users.id });
    const batch = Array.from({ length: count }, (_, i) => ({
      userId: authors[i]!.id,
      ictacemId: `ICTACEMB${String(start + i).padStart(6, '0')}`,
      title: `Benchmark paper ${start + i}`,
      theme: 'Fluid Mechanics',
      status: 'abstract_accepted' as const,
      paymentId: `CEP2025${String(start + i).padStart(7, '0')}`,
      abstractFileId: null,
    }));
    paperIds.push(...(await t.app.ctx.db.insert(papers).values(batch).returning({ id: papers.id })).map((r) => r.id));
  }
  for (let start = 0; start < paperIds.length; start += 1000)
    await t.app.ctx.db
      .insert(paperFeeChoices)
      .values(paperIds.slice(start, start + 1000).map((paperId) => ({ paperId, categoryId: category!.id })));

  // 20,000 rows: each paper paid once (every tenth the late rate, every twentieth a wrong amount),
  // then 10,000 payments no paper has, a tenth of them one digit away from a paper's ID.
  const lines = ['Transaction ID,Amount,Currency,Date of Payment,Payer Name'];
  for (let i = 0; i < ROWS; i += 1) {
    // A near miss: a paper's ID with one digit more, as a payer's slip of the finger.
    const nearMiss = `CEP-2025-${String(i - PAPERS).padStart(7, '0')}7`;
    const id =
      i < PAPERS
        ? `CEP-2025-${String(i).padStart(7, '0')}`
        : i % 10 === 0
          ? nearMiss
          : `CEP-2026-${String(i).padStart(7, '0')}`;
    const late = i % 10 === 0;
    const amount = i % 20 === 0 ? '5,500.00' : late ? '6,000.00' : '5,000.00';
    lines.push(`${id},"${amount}",INR,${late ? '20' : '12'}/11/2025 10:31:07,Nguyễn Thị Lan ${i}`);
  }
  const csv = Buffer.from(`${lines.join('\n')}\n`);
  await t.app.inject({
    method: 'PUT',
    url: `${API}/admin/payment-statements/mapping`,
    headers: { cookie: admin.cookie },
    payload: {
      paymentId: 'Transaction ID',
      amount: 'Amount',
      currency: 'Currency',
      receivedOn: 'Date of Payment',
      payerName: 'Payer Name',
      decimalSeparator: '.',
      dateFormat: 'DD/MM/YYYY',
      defaultCurrency: 'INR',
    },
  });

  const baseline = await measured(() => (parse(csv, { skip_empty_lines: true }) as unknown[]).length);
  const body = multipart({}, [{ field: 'statement', name: 'statement.csv', type: 'text/csv', content: csv }]);
  const imported = await measured(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/payment-statements`,
      headers: { ...body.headers, cookie: admin.cookie },
      payload: body.payload,
    });
    if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res.json() as { report: { statement: { _id: string }; counts: Record<string, number> } };
  });
  const statementId = imported.result.report.statement._id;
  const report = await measured(async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/admin/payment-statements/${statementId}`,
      headers: { cookie: admin.cookie },
    });
    return (res.json() as { report: { counts: Record<string, number> } }).report.counts;
  });
  const again = await measured(async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/payment-statements`,
      headers: { ...body.headers, cookie: admin.cookie },
      payload: body.payload,
    });
    return (res.json() as { created: boolean }).created;
  });

  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded (PGlite)';
  console.log(
    `Statement import: ${ROWS.toLocaleString('en')} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB) against ${PAPERS.toLocaleString('en')} papers, ${database}`,
  );
  console.log(`  counts: ${JSON.stringify(imported.result.report.counts)}`);
  const row = (label: string, m: { ms: number; peakMb: number }) =>
    console.log(`  ${label.padEnd(44)} ${m.ms.toFixed(0).padStart(7)} ms   peak +${m.peakMb.toFixed(0)} MB RSS`);
  row('baseline: csv-parse alone, same file', baseline);
  row('import (upload, worker read, store, report)', imported);
  row('report again (class 20,000 rows)', report);
  row('same file again (hash found, nothing stored)', again);
  if (JSON.stringify(report.result) !== JSON.stringify(imported.result.report.counts)) throw new Error('counts differ');
  if (again.result !== false) throw new Error('the same file was stored twice');
} finally {
  await t.close();
}
