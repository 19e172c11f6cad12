import type { Db } from '../db/open-database';
import { z } from 'zod';
import { readJsonColumn } from '../db/json-column';

/** One stored audit event, as the development read endpoint answers it. */
export interface AuditEntry {
  userId: string;
  source: string;
  event: string;
  data: { user: string; globalId: string; globalName: string };
  /** epoch ms */
  createdAt: number;
}

/** What a rep's view of a customer names (@promo/domain/api/audit-event.schema.ts, as the route took it). */
const auditDataColumn = z.object({ user: z.string(), globalId: z.string(), globalName: z.string() });

interface AuditRow {
  user_id: string;
  source: string;
  event: string;
  data: string;
  created_at: number;
}

/** The audit log: each rep's view of a customer (POST /audit/log), read back by the dev endpoint. */
export class AuditStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  write(entry: AuditEntry): void {
    this.#db
      .prepare('INSERT INTO audit_log (user_id, source, event, data, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(entry.userId, entry.source, entry.event, JSON.stringify(entry.data), entry.createdAt);
  }

  /** The newest events first, `limit` of them, those about one customer (data.globalId) when given. */
  recent({ globalId, limit }: { globalId: string | null; limit: number }): AuditEntry[] {
    const rows = this.#db
      .prepare(
        `SELECT user_id, source, event, data, created_at FROM audit_log
         WHERE @globalId IS NULL OR data ->> '$.globalId' = @globalId
         ORDER BY id DESC LIMIT @limit`,
      )
      .all({ globalId, limit }) as AuditRow[];
    return rows.map((row) => ({
      userId: row.user_id,
      source: row.source,
      event: row.event,
      data: readJsonColumn(auditDataColumn, row.data, 'audit_log.data'),
      createdAt: row.created_at,
    }));
  }
}
