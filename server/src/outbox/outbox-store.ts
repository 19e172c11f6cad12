import type { Db } from '../db/open-database';
import { readJsonColumn, stringListColumn, stringsColumn } from '../db/json-column';

/** One e-mail in the development outbox (GET /dev/outbox). */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  /** Absolute links, built on PUBLIC_ORIGIN, as a mail client would show them. */
  links: string[];
  /** The same links as paths ('/verify-email?...'), for tests that navigate relative to their own base URL. */
  paths: string[];
  /** Extra headers the message carries (List-Unsubscribe and List-Unsubscribe-Post on notifications). */
  headers: Record<string, string>;
  /** epoch ms */
  createdAt: number;
}

/**
 * Where the server's e-mails go: there is no mail transport in the reference server, so forgot
 * password and verify e-mail messages are stored and read back by end-to-end tests.
 */
export class OutboxStore {
  readonly #db: Db;
  readonly #publicOrigin: string;

  constructor(db: Db, publicOrigin: string) {
    this.#db = db;
    this.#publicOrigin = publicOrigin.replace(/\/$/, '');
  }

  /** `paths` are site-relative; the text and `links` carry them on PUBLIC_ORIGIN. */
  send(
    message: {
      to: string;
      subject: string;
      body: (link: (path: string) => string) => string;
      paths: string[];
      headers?: Record<string, string>;
    },
    now: number,
  ): void {
    const absolute = (path: string) => `${this.#publicOrigin}${path}`;
    this.#db
      .prepare(
        'INSERT INTO outbox (to_email, subject, text, links, headers, created_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        message.to.toLowerCase(),
        message.subject,
        message.body(absolute),
        JSON.stringify(message.paths),
        JSON.stringify(message.headers ?? {}),
        now,
      );
  }

  /** Newest first; all recipients when `to` is omitted. */
  list(to: string | undefined, limit = 50): OutboxMessage[] {
    const rows = this.#db
      .prepare(
        `SELECT to_email, subject, text, links, headers, created_at FROM outbox
         WHERE @to IS NULL OR to_email = @to ORDER BY id DESC LIMIT @limit`,
      )
      .all({ to: to?.toLowerCase() ?? null, limit }) as {
      to_email: string;
      subject: string;
      text: string;
      links: string;
      headers: string;
      created_at: number;
    }[];
    return rows.map((row) => {
      const paths = readJsonColumn(stringListColumn, row.links, 'outbox.links');
      return {
        to: row.to_email,
        subject: row.subject,
        text: row.text,
        links: paths.map((path) => `${this.#publicOrigin}${path}`),
        paths,
        headers: readJsonColumn(stringsColumn, row.headers, 'outbox.headers'),
        createdAt: row.created_at,
      };
    });
  }
}
