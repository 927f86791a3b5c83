// Rewrites the generated reference at the end of docs/api.md from the routes' schemas.
//   npm run docs:api
import { renderApiReference, writeApiReference } from '@server/api-reference.ts';

await writeApiReference(await renderApiReference());
console.log('docs/api.md: reference written');
