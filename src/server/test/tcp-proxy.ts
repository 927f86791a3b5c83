import net from 'node:net';

/**
 * A TCP proxy in front of a real server that a test can take down and bring back, to play a
 * database outage without touching the server itself (others use it).
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  /** forward: a working link; stall: connections are accepted and never answered (a silent network). */
  private mode: 'forward' | 'stall' = 'forward';
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Listens (again, on the same port after the first time). */
  async open(): Promise<void> {
    this.mode = 'forward';
    const server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** The database is down: every connection is cut and new ones are refused. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.cutAll();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The database hangs: every connection is cut, new ones are accepted but never answered. */
  stall(): void {
    this.mode = 'stall';
    this.cutAll();
  }

  private cutAll(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  private accept(client: net.Socket): void {
    this.track(client);
    if (this.mode === 'stall') return;
    const upstream = net.connect(this.target.port, this.target.host);
    this.track(upstream);
    client.pipe(upstream).pipe(client);
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', cut).on('close', cut);
    upstream.on('error', cut).on('close', cut);
  }

  private track(socket: net.Socket): void {
    this.sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => this.sockets.delete(socket));
  }
}
