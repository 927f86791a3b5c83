// Run by `npm run build` (scripts/build.mjs), in a process of its own: makes the empty embedded
// database that a first start copies instead of running initdb (src/server/db/embedded-settings.ts),
// unless the one in dist/ was made by the installed PGlite already.
import { makeEmbeddedTemplate } from '@server/db/embedded-settings.ts';
import { EMBEDDED_TEMPLATE_DIR } from '@server/project-paths.ts';

if (await makeEmbeddedTemplate(EMBEDDED_TEMPLATE_DIR))
  console.log(`Made the empty embedded database for first starts in ${EMBEDDED_TEMPLATE_DIR}.`);
