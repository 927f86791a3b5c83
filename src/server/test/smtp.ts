import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The raw message with quoted-printable soft line breaks joined, ready for text searches. */
  raw: string;
}

export interface TestSmtpServer {
  port: number;
  inbox: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps every message it receives, taking `delayMs` to
 * accept each one (a slow mail server), and refusing the recipients `refuses` names (a mailbox
 * that does not exist) with a permanent error.
 */
export async function startTestSmtpServer(
  port = 0,
  { delayMs = 0, refuses = (_address: string): boolean => false } = {},
): Promise<TestSmtpServer> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refuses(address.address)) return callback();
      const refusal = Object.assign(new Error(`5.1.1 <${address.address}>: mailbox unavailable`), {
        responseCode: 550,
      });
      callback(refusal);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks)
              .toString('utf8')
              .replace(/=\r?\n/g, ''),
          });
          callback();
        };
        if (delayMs > 0) setTimeout(accept, delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as { port: number }).port,
    inbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
