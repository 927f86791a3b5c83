// Screenshots of pages at desktop and phone widths, for looking at what was built:
//   npx tsx scripts/screenshots.ts http://127.0.0.1:3000/ictacem2025 /login /profile ...
// Writes PNGs to ./screenshots (ignored by git). Set LOGIN_EMAIL and LOGIN_PASSWORD to sign in first,
// and LOGIN_TOTP_SECRET for an account with two-factor sign-in (an admin).
import { mkdir } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import { chromium } from '@playwright/test';

const [base, ...paths] = process.argv.slice(2);
if (!base || paths.length === 0) {
  console.error('usage: tsx scripts/screenshots.ts BASE_URL PATH...');
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
