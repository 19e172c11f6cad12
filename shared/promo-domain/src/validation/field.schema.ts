import { z } from 'zod';
import {
  EMAIL_PATTERN,
  INCORRECT_EMAIL_FORMAT,
  meetsPasswordRule,
  PASSWORD_RULE_MESSAGE,
} from './validation.rules';

/**
 * The fields several `/api/v1` bodies share, as the server reads them (docs/product-rules.md,
 * 'Field rules'). The forms check the same rules first, from validation.rules.ts.
 */

/** An e-mail address by the rule the forms check, lowercased. */
export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(EMAIL_PATTERN, INCORRECT_EMAIL_FORMAT)
  .transform((email) => email.toLowerCase());

/** A trade account's customer ID as people type it: trimmed and uppercased (ids are 'G' + digits). */
export const customerIdSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(40)
  .transform((id) => id.toUpperCase());

/** A first name or surname. */
export const nameSchema = z.string().trim().min(1, 'Required').max(100);

/** A new password, held to the password rule. */
export const newPasswordSchema = z.string().max(200).refine(meetsPasswordRule, PASSWORD_RULE_MESSAGE);
