/** E-mail through the SMTP server of the system configuration (nodemailer); one transport per settings. */
import nodemailer, { type Transporter } from 'nodemailer';

export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  password: string;
  from: string;
}

const transports = new Map<string, Transporter>();

function transport(s: SmtpSettings): Transporter {
  const key = JSON.stringify(s);
  let t = transports.get(key);
  if (!t) {
    for (const old of transports.values()) old.close();
    transports.clear();
    t = nodemailer.createTransport({
      host: s.host,
      port: s.port,
      secure: s.secure,
      ...(s.user ? { auth: { user: s.user, pass: s.password } } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      // a local relay without a certificate (tests, an intranet relay) is still refused on a public host name
      tls: { rejectUnauthorized: !['127.0.0.1', 'localhost', '::1'].includes(s.host) },
    });
    transports.set(key, t);
  }
  return t;
}

/** Sends one message; answers the server's reply line. */
export async function sendMail(s: SmtpSettings, m: { to: string; subject: string; text: string; lang: string; eventId: string }): Promise<string> {
  const info = await transport(s).sendMail({
    from: s.from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    headers: { 'Content-Language': m.lang, 'X-TMS-Event-Id': m.eventId },
  });
  return String(info.response ?? info.messageId);
}
