import type { TradingDayResult } from '@promo/domain/notifications/notifications.contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../http/app-context';
import { parseInput } from '../http/contract';
import { notificationMailerOf } from '../notifications/notification-mailer-of';
import { runNotifyJob } from '../notifications/notify-job';
import { addDemoTradingDay } from '../seed/demo-trading-day';

const tradingDaySchema = z
  .object({ respectQuietHours: z.boolean().optional() })
  .strict()
  .optional()
  .default({});

/**
 * POST /dev/trading-day (DEV_ENDPOINTS only, like the rest of dev.routes.ts): one more NZ trading day
 * of demo spend, then the notification job at once, so the whole loop shows on `npm start`. Quiet
 * hours are ignored unless the body asks for them.
 */
export function registerDevNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/dev/trading-day', async (request): Promise<TradingDayResult> => {
    const body = parseInput(tradingDaySchema, request.body ?? undefined);
    const now = ctx.now();
    const tradingDay = addDemoTradingDay(ctx.db, now);
    const sent = await runNotifyJob({
      db: ctx.db,
      now,
      publicOrigin: ctx.publicOrigin,
      mailer: notificationMailerOf(ctx),
      push: ctx.pushSender,
      respectQuietHours: body.respectQuietHours === true,
    });
    return { tradingDay, sent };
  });
}
