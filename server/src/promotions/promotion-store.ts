import type { Promotion, PromotionId } from '@promo/domain/types';
import type { Db } from '../db/open-database';
import { promotionSchema } from '@promo/domain/api/promotion.schema';
import { readJsonColumn } from '../db/json-column';

/** A promotion as stored: everything but its status, which follows from the clock (see withStatus). */
export type StoredPromotion = Omit<Promotion, 'status'>;

interface PromotionRow {
  data: string;
}

/** The stored document is the contract's promotion without its status. */
const storedPromotionColumn = promotionSchema.omit({ status: true });

function storedPromotion(row: PromotionRow): StoredPromotion {
  return readJsonColumn(storedPromotionColumn, row.data, 'promotions.data');
}

/**
 * 'done' once the end has passed, else 'active'. Computed on read rather than stored so a database
 * seeded days ago still reports the truth.
 */
function withStatus(promotion: StoredPromotion, now: number): Promotion {
  return { ...promotion, status: promotion.endTimestamp < now ? 'done' : 'active' };
}

/** Open for joining and for reward changes: started, not ended and without an error. */
export function isOpen(promotion: Promotion, now: number): boolean {
  return !promotion.error && promotion.startTimestamp <= now && now <= promotion.endTimestamp;
}

/** A promotion's start and end (epoch ms), read without its document. */
export interface PromotionTimespan {
  id: PromotionId;
  startTimestamp: number;
  endTimestamp: number;
}

export class PromotionStore {
  readonly #db: Db;
  readonly #insert;
  readonly #byIds;

  constructor(db: Db) {
    this.#db = db;
    this.#insert = db.prepare(
      'INSERT INTO promotions (id, start_ts, end_ts, position, data) VALUES (@id, @start, @end, @position, @data)',
    );
    this.#byIds = db.prepare(
      'SELECT data FROM promotions WHERE id IN (SELECT value FROM json_each(?)) ORDER BY position, id',
    );
  }

  insert(promotion: StoredPromotion, position: number): void {
    this.#insert.run({
      id: promotion.id,
      start: promotion.startTimestamp,
      end: promotion.endTimestamp,
      position,
      data: JSON.stringify(promotion),
    });
  }

  getMany(ids: readonly PromotionId[], now: number): Promotion[] {
    const rows = this.#byIds.all(JSON.stringify(ids)) as PromotionRow[];
    return rows.map((row) => withStatus(storedPromotion(row), now));
  }

  get(id: PromotionId, now: number): Promotion | undefined {
    return this.getMany([id], now)[0];
  }

  /** When each promotion starts and ends (epoch ms), the earliest ending first. */
  timespans(): PromotionTimespan[] {
    return this.#db
      .prepare(
        'SELECT id, start_ts AS startTimestamp, end_ts AS endTimestamp FROM promotions ORDER BY end_ts, start_ts, id',
      )
      .all() as PromotionTimespan[];
  }

  /** When one promotion starts and ends; undefined for an unknown one. */
  timespan(id: PromotionId): PromotionTimespan | undefined {
    return this.#db
      .prepare('SELECT id, start_ts AS startTimestamp, end_ts AS endTimestamp FROM promotions WHERE id = ?')
      .get(id) as PromotionTimespan | undefined;
  }

  /** Lowercased id -> id, for the tracking key (the client sends the id lowercased). */
  findIdCaseInsensitive(key: string): PromotionId | undefined {
    const row = this.#db.prepare('SELECT id FROM promotions WHERE lower(id) = lower(?)').get(key) as
      { id: string } | undefined;
    return row?.id;
  }

  /** Promotions overlapping a window: ended at or after `endFrom`, started at or before `startTo`. */
  inWindow(window: { endFrom?: number; startTo?: number }, now: number): Promotion[] {
    const rows = this.#db
      .prepare(
        `SELECT data FROM promotions
         WHERE (@endFrom IS NULL OR end_ts >= @endFrom) AND (@startTo IS NULL OR start_ts <= @startTo)
         ORDER BY position, id`,
      )
      .all({ endFrom: window.endFrom ?? null, startTo: window.startTo ?? null }) as PromotionRow[];
    return rows.map((row) => withStatus(storedPromotion(row), now));
  }

  search(
    query: { offset: number; limit: number; status?: 'active' | 'done' },
    now: number,
  ): { items: Promotion[]; total: number } {
    const condition =
      query.status === 'done' ? 'end_ts < @now' : query.status === 'active' ? 'end_ts >= @now' : '1 = 1';
    const total = (
      this.#db.prepare(`SELECT COUNT(*) AS total FROM promotions WHERE ${condition}`).get({ now }) as {
        total: number;
      }
    ).total;
    const rows = this.#db
      .prepare(
        `SELECT data FROM promotions WHERE ${condition} ORDER BY start_ts DESC, id LIMIT @limit OFFSET @offset`,
      )
      .all({ now, limit: query.limit, offset: query.offset }) as PromotionRow[];
    return { items: rows.map((row) => withStatus(storedPromotion(row), now)), total };
  }
}
