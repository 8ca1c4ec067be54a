import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP listener on 127.0.0.1 that keeps what it receives. `failing` makes it refuse every message (451);
 * `stop()` takes the server away altogether (connections are refused) and `start()` brings it back on its port.
 */
export const startSmtpListener = async () => {
  const received: ReceivedMail[] = [];
  const state = { failing: false };
  const createServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (state.failing) return callback(new Error('451 temporary failure'));
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
  const listen = async (server: SMTPServer, port: number) => {
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return (server.server.address() as AddressInfo).port;
  };
  const closeServer = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));

  let server: SMTPServer | null = createServer();
  const port = await listen(server, 0);
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    stop: async () => {
      if (server) await closeServer(server);
      server = null;
    },
    start: async () => {
      if (server) return;
      server = createServer();
      await listen(server, port);
    },
    close: async () => {
      if (server) await closeServer(server);
      server = null;
    },
  };
};

export type SmtpListener = Awaited<ReturnType<typeof startSmtpListener>>;

/** Undoes quoted-printable soft line breaks so links in a received email can be matched. */
export const decodeQuotedPrintable = (raw: string): string =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
