// Screenshots of the site at desktop and phone widths, for looking at what was built. PNGs go to
// ./screenshots (ignored by git).
//
//   npm run screenshots
// Every page of the site (e2e/fixtures/site-pages.ts) with realistic data, at 390 and 1280 px, named
// NN-page-width.png in the catalogue's order: a fresh build and servers, seeded as the browser tests are.
//
//   npx tsx scripts/screenshots.ts http://127.0.0.1:3000/ictacem2025 /login /profile ...
// Those pages of a running site. Set LOGIN_EMAIL and LOGIN_PASSWORD to sign in first, and
// LOGIN_TOTP_SECRET for an account with two-factor sign-in (an admin).
import { spawnSync } from 'node:child_process';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import { chromium } from '@playwright/test';

const [base, ...paths] = process.argv.slice(2);
if (!base) {
  await mkdir('screenshots', { recursive: true });
  // A page renamed or gone must not leave its old pictures behind; ad-hoc ones keep theirs.
  const numbered = /^\d{2,}-.+-\d+\.png$/;
  for (const file of await readdir('screenshots')) if (numbered.test(file)) await rm(`screenshots/${file}`);
  const run = spawnSync('node', ['scripts/run-e2e.mjs', '--project', 'screenshots'], {
    stdio: 'inherit',
    // The project exists only with SCREENSHOTS=1; without a browser this must fail, not skip.
    env: { ...process.env, SCREENSHOTS: '1', REQUIRE_E2E: '1' },
  });
  const written = (await readdir('screenshots')).filter((file) => numbered.test(file)).length;
  console.log(`${written} PNGs in screenshots/`);
  process.exit(run.status ?? 1);
}
if (paths.length === 0) {
  console.error('usage: npm run screenshots [-- BASE_URL PATH...]');
  process.exit(2);
}
const widths = [1280, 390];
await mkdir('screenshots', { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    if (process.env.LOGIN_EMAIL && process.env.LOGIN_PASSWORD) {
      const res = await page.request.post(`${base}/api/auth/login`, {
        data: {
          email: process.env.LOGIN_EMAIL,
          password: process.env.LOGIN_PASSWORD,
          // Each code signs in once: the second width takes the next step's code, which the server accepts.
          ...(process.env.LOGIN_TOTP_SECRET
            ? {
                totp: new TOTP({ secret: Secret.fromBase32(process.env.LOGIN_TOTP_SECRET) }).generate({
                  timestamp: Date.now() + widths.indexOf(width) * 30_000,
                }),
              }
            : {}),
        },
      });
      if (!res.ok()) throw new Error(`login failed: ${res.status()}`);
    }
    for (const path of paths) {
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`;
      await page.screenshot({ path: `screenshots/${name}`, fullPage: true });
      console.log(`screenshots/${name}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
