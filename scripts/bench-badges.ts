// npm run bench:badges: name badges for 2,000 participants (names in six scripts, a signed QR
// each), four to an A4 sheet and one per page, beside a bare baseline: the same sheets with the
// names in pdf-lib's standard Helvetica and no QR code; then certificates for 1,000 participants,
// one PDF each on the letters' layout with its verification QR code, zipped as the certificates
// ZIP job does. Each run is its own child process, so its peak memory (maxRSS) is its own.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { renderBadges } from '../src/server/modules/badges/badge-pdf.ts';
import { renderCertificate } from '../src/server/modules/certificates/certificate-pdf.ts';
import { newVerificationCode } from '../src/server/modules/letters/verification-code.ts';
import { loadConfig } from '../src/server/config.ts';
import { zipStream } from '../src/server/lib/zip-archive.ts';
import { currentConference, setConference } from '../src/shared/conference.ts';
import { newBadgeToken, newSigningSecret, signedBadgeCode } from '../src/server/modules/participants/badge-code.ts';
import { PARTICIPANT_ROLES } from '../src/shared/schemas/participants.ts';

const COUNT = Number(process.env.BENCH_BADGES ?? 2000);
const CERTIFICATES = Number(process.env.BENCH_CERTIFICATES ?? 1000);
const NAMES = ['王小明', 'Анна Петрова', 'अनिल कुमार', 'Zofia Wójcik', 'Nguyễn Thị Lan', 'Ada Lovelace'];
const AFFILIATIONS = [
  '清华大学',
  'Московский университет',
  'भारतीय प्रौद्योगिकी संस्थान',
  'Politechnika Łódzka',
  'Đại học Bách khoa Hà Nội',
  'University of London',
];

/** Certificates one after another into a ZIP, as the job writes them: presentations every other one. */
async function certificatesZip(): Promise<{ ms: number; bytes: number }> {
  const { documents, conference } = loadConfig({});
  const { letterhead, signature } = documents;
  setConference(conference);
  const started = performance.now();
  const entries = Array.from({ length: CERTIFICATES }, (_, i) => {
    const code = newVerificationCode();
    return {
      name: `certificate_${code}.pdf`,
      open: () =>
        renderCertificate({
          kind: i % 2 === 0 ? 'participation' : 'presentation',
          letterhead,
          signature,
          conference: currentConference(),
          holderName: `${NAMES[i % NAMES.length]} ${i}`,
          affiliation: AFFILIATIONS[i % AFFILIATIONS.length]!,
          date: i % 2 === 0 ? '15-17 December 2025' : '16 December 2025',
          presentation:
            i % 2 === 0 ? undefined : { title: `Turbulent heat transfer ${i}`, session: 'Fluids I', form: 'talk' },
          issuedAt: new Date(),
          verificationCode: code,
          verificationUrl: `https://ictacem.example.org/ictacem2025/verify-letter/${code}`,
        }),
    };
  });
  let bytes = 0;
  for await (const chunk of zipStream(entries)) bytes += (chunk as Buffer).byteLength;
  return { ms: performance.now() - started, bytes };
}

async function run(kind: string): Promise<{ ms: number; bytes: number }> {
  if (kind === 'certificates') return certificatesZip();
  const secret = newSigningSecret();
  const badges = Array.from({ length: COUNT }, (_, i) => ({
    name: `${NAMES[i % NAMES.length]} ${i}`,
    affiliation: AFFILIATIONS[i % AFFILIATIONS.length]!,
    role: PARTICIPANT_ROLES[i % PARTICIPANT_ROLES.length]!,
    code: signedBadgeCode(secret, newBadgeToken()),
  }));
  const started = performance.now();
  let bytes: Uint8Array;
  if (kind === 'baseline') {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < COUNT; i += 4) {
      const page = pdf.addPage([595.28, 841.89]);
      for (let slot = 0; slot < 4 && i + slot < COUNT; slot += 1)
        page.drawText(`Participant ${i + slot}`, {
          x: 40 + (slot % 2) * 300,
          y: 700 - Math.floor(slot / 2) * 420,
          size: 28,
          font,
        });
    }
    bytes = await pdf.save();
  } else {
    bytes = await renderBadges(badges, kind === 'single' ? 'single' : 'a4-four', 'ICTACEM 2025');
  }
  return { ms: performance.now() - started, bytes: bytes.byteLength };
}

const child = process.argv[2];
if (child) {
  // The longest the event loop waited meanwhile: on the server, how long every other request waits.
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const result = await run(child);
  stalls.disable();
  process.stdout.write(
    JSON.stringify({ ...result, maxRssMb: process.resourceUsage().maxRSS / 1024, longestStallMs: stalls.max / 1e6 }),
  );
} else {
  const self = fileURLToPath(import.meta.url);
  console.log(`Badges for ${COUNT} participants (${new Date().toISOString().slice(0, 10)})`);
  for (const [label, kind] of [
    ['bare baseline: Helvetica names, no QR, 4 per A4', 'baseline'],
    ['badges, four to an A4 sheet', 'a4-four'],
    ['badges, one per A6 page', 'single'],
    [`certificates for ${CERTIFICATES}, one PDF each, zipped`, 'certificates'],
  ] as const) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', self, kind], { encoding: 'utf8' });
    const { ms, bytes, maxRssMb, longestStallMs } = JSON.parse(out) as {
      ms: number;
      bytes: number;
      maxRssMb: number;
      longestStallMs: number;
    };
    console.log(
      `${label.padEnd(50)} ${(ms / 1000).toFixed(1).padStart(6)} s  peak RSS ${maxRssMb.toFixed(0).padStart(5)} MB  ${(bytes / 1024 / 1024).toFixed(1)} MB ${kind === 'certificates' ? 'ZIP' : 'PDF'}  longest event-loop stall ${longestStallMs.toFixed(0)} ms`,
    );
  }
}
