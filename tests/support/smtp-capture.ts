import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  raw: string;
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  /** The next `n` deliveries are refused with a temporary error. */
  failNext(n: number): void;
  close(): Promise<void>;
}

/** A real SMTP server on a random port that keeps what it receives, for tests. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (failures > 0) {
          failures -= 1;
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          return callback(error);
        }
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    failNext: (n) => (failures = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
