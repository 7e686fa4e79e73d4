import { createTransport } from 'nodemailer';

/** Seconds an SMTP step may take before the send counts as failed: a dead server must not hold its caller. */
const SMTP_TIMEOUT_MS = 10_000;

/** An SMTP server (its URL gives host, port, TLS and credentials) and the sender of what it sends (config.mail). */
export interface MailServer {
  url: string;
  from: string;
}

/** Sends one plain-text message through the SMTP server of `url`; rejects when the server refuses or does not answer. */
export async function sendMail(mail: MailServer, message: { to: string; subject: string; text: string }): Promise<void> {
  const transport = createTransport({
    url: mail.url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({ from: mail.from, ...message });
  } finally {
    transport.close();
  }
}
