// Carries the accounts and the programme committee of one edition into the next one's new
// database (docs/operations.md, "Start the next edition"):
//   npm run copy-edition -- --from data-2025 --to data-2028
//   npm run copy-edition -- --from postgres://.../ictacem2025 --to postgres://.../ictacem2028
// Each side is an embedded database's data directory or a PostgreSQL address. No server may run
// on either meanwhile (an embedded database's directory is claimed for the copy). Papers,
// reviews, payments and files stay with the old edition. The new edition's themes are those of its
// conference file (CONFERENCE_FILE, as its server will start with; the default conference without).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setConference } from '@shared/conference.ts';
import { DEFAULT_CONFERENCE } from '@shared/conference/default-conference.ts';
import { readConferenceFile } from '@server/conference-file.ts';
import { openDatabase } from '@server/db/client.ts';
import { copyEdition } from '@server/ops/copy-edition.ts';

const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
if (!values.from || !values.to) {
  console.error('Usage: npm run copy-edition -- --from <data directory or postgres://...> --to <...>');
  process.exit(2);
}
if (values.from === values.to) {
  console.error('copy-edition: --from and --to are the same database');
  process.exit(2);
}

/** A PostgreSQL address or an embedded database's data directory. */
const optionsOf = (where: string) =>
  /^postgres(ql)?:\/\//.test(where) ? { databaseUrl: where, dataDir: '.' } : { dataDir: where };

// Opening a directory without a database would make an empty one: a mistyped --from must not look like an empty edition.
if (!/^postgres(ql)?:\/\//.test(values.from) && !existsSync(path.join(values.from, 'pglite'))) {
  console.error(`copy-edition: there is no embedded database in ${path.resolve(values.from)}`);
  process.exit(2);
}

const nextEdition = process.env.CONFERENCE_FILE ? readConferenceFile(process.env.CONFERENCE_FILE) : DEFAULT_CONFERENCE;
// Its user IDs are the new edition's (their prefix), and so are its themes.
setConference(nextEdition);
const themes = nextEdition.themes.map((theme) => theme.label);

try {
  const from = await openDatabase(optionsOf(values.from));
  try {
    const to = await openDatabase(optionsOf(values.to));
    try {
      const copy = await copyEdition(from.db, to.db, { themes });
      console.log(
        `Copied ${copy.accounts} account(s) and ${copy.committeeMembers} programme committee member(s) into the new edition.`,
      );
      if (copy.accountsAlreadyThere.length > 0)
        console.log(`Already there, left as they are: ${copy.accountsAlreadyThere.join(', ')}`);
    } finally {
      await to.close();
    }
  } finally {
    await from.close();
  }
} catch (error) {
  console.error(`copy-edition failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
