// autocannon's setupRequest for the benchmark's "distinct searches" case (scripts/bench.ts). Its
// worker thread loads it by path, hence a CommonJS file: each request's __SEARCH__ becomes the
// next term of the list in BENCH_SEARCH_TERMS (a JSON file), so no two requests in a run ask the
// same search and no memoised total answers them. A new worker per run starts the list again,
// so a route and its twin are asked the same terms in the same order.
const { readFileSync } = require('node:fs');

const terms = JSON.parse(readFileSync(process.env.BENCH_SEARCH_TERMS, 'utf8'));
let next = 0;

module.exports = (request) => ({
  ...request,
  path: request.path.replace('__SEARCH__', encodeURIComponent(terms[next++ % terms.length])),
});
