// The reverse proxy in front of npm run load's servers: each request goes to the next server in
// turn, as with nginx's default upstream balancing, over connections to the servers that stay
// open (nginx's `keepalive`, operations.md). Its own process, as nginx is, so that it and the
// load's clients do not wait for each other's event loop:
//   tsx scripts/round-robin-proxy.ts 3001 3002    (prints the port it listens on, on 127.0.0.1)
import { once } from 'node:events';
import http from 'node:http';

const serverPorts = process.argv.slice(2).map(Number);
if (serverPorts.length === 0 || !serverPorts.every((port) => Number.isInteger(port) && port > 0))
  throw new Error('give the ports of the servers on 127.0.0.1');

/** A hop's own headers, which a proxy does not pass on. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'upgrade'];
const withoutHopByHop = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name)));

// Idle connections closed before the servers' own 65 s keep-alive does, as nginx's 60 s.
const agent = new http.Agent({ keepAlive: true, timeout: 60_000 });
let turn = 0;
const proxy = http.createServer((request, response) => {
  const port = serverPorts[turn++ % serverPorts.length]!;
  const upstream = http.request(
    {
      host: '127.0.0.1',
      port,
      method: request.method,
      path: request.url,
      headers: withoutHopByHop(request.headers),
      agent,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
      answer.pipe(response);
    },
  );
  upstream.on('error', (error) => {
    if (response.headersSent) response.destroy(error);
    else
      response.writeHead(502, { 'content-type': 'text/plain' }).end(`proxy: server on port ${port}: ${error.message}`);
  });
  // A client that goes away mid-answer takes its request to the server with it.
  response.on('close', () => {
    if (!response.writableFinished) upstream.destroy();
  });
  request.pipe(upstream);
});
proxy.listen(0, '127.0.0.1');
await once(proxy, 'listening');
console.log((proxy.address() as { port: number }).port);
