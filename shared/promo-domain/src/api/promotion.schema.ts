import { z } from 'zod';

/** A promotion, as GET /promotion/get answers with a list of them. Timestamps are epoch milliseconds. */

/** An image reference: an id served by GET /file/image/{id}, or a direct url. */
export const imageRefSchema = z.object({ id: z.string().optional(), url: z.string().optional() });

export const prizeSchema = z.object({
  title: z.string(),
  subTitle: z.string().optional(),
  /** HTML from the server; sanitize before rendering. */
  content: z.string(),
  prizeImage: imageRefSchema.optional(),
  showTM: z.boolean().optional(),
});

export const promotionSchema = z.object({
  id: z.string(),
  heroImage: imageRefSchema.optional(),
  heroImageMobile: imageRefSchema.optional(),
  name: z.string(),
  startTimestamp: z.number(),
  endTimestamp: z.number(),
  /** 'done' means finished; other values (e.g. 'active') mean not finished. */
  status: z.string(),
  /** Promotions with an error are dropped by the client. */
  error: z.string().optional(),
  /** HTML */
  termsConditions: z.string(),
  /** HTML */
  details: z.string(),
  prizes: z.array(prizeSchema),
  showNameInDetailPage: z.boolean().optional(),
  rewardsCustomLabel: z.string().optional(),
  disablePrizes: z.boolean().optional(),
  promoInfoText: z.string().optional(),
  /** Reward choices are editable only before it. */
  choicesLockTime: z.number().optional(),
  /** Encoded as selectedReward (see encodeSelectedReward). */
  defaultUserChoices: z.object({ selectedReward: z.string() }).optional(),
});
