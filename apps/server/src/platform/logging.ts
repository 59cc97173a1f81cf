/**
 * The structured log (pino through Fastify): no password, token or secret in any line. Request bodies
 * are never logged; headers are not part of the request line; query-string credentials (the realtime
 * stream's `?ticket=`, signed file links' `?sig=`, a client's `?token=` …) are masked in the URL.
 */
import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.ts';

/** Query parameters whose values are credentials. */
const SECRET_PARAM = /token|ticket|secret|pass(word)?|^sig(nature)?$|^code$|^key$|api[-_]?key|^auth(orization)?$/i;
export const REDACTED = '[redacted]';

/** The URL with every credential-like query value replaced by `[redacted]`. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      let key = rawKey;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      } catch {
        /* a malformed escape: judge the raw key */
      }
      return eq >= 0 && SECRET_PARAM.test(key) ? `${rawKey}=${REDACTED}` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number } | null;
}

export function loggerOptions(config: Pick<AppConfig, 'logLevel'>): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    // defence in depth: should anything ever log these objects, their secrets are masked
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'body.password',
        'body.newPassword',
        'body.oldPassword',
        'body.client_secret',
        'body.token',
      ],
      censor: REDACTED,
    },
    serializers: {
      // Fastify's request line, with the query string's credentials masked
      req: (raw) => {
        const req = raw as unknown as LoggedRequest;
        return {
          method: req.method,
          url: redactUrl(req.url),
          host: req.host ?? (req.headers?.host as string | undefined),
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        };
      },
    },
  };
}
