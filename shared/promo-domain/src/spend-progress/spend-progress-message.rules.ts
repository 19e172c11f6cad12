import {
  DIVISIONS,
  type AccountId,
  type DivisionCode,
  type ProgressDetails,
  type PromotionId,
  type Target,
} from '../types';

/**
 * The message a parent window posts to the embedded /spend-progress page (docs/product-rules.md, 'Embedded spend
 * progress'). It arrives from another window, so it is untrusted input: parseSpendProgressMessage
 * checks its shape and copies only the known fields, and the page renders the result as text only.
 */
export interface SpendProgressMessage {
  /** The account the progress is for; other account fields the parent sends are dropped. */
  account: { id: AccountId; name?: string };
  promotionId: PromotionId;
  /** At least one; sorted by targetNumber. More than one means the multi-target view. */
  currentProgressTargets: Target[];
  /** By date 'YYYYMMDD': cumulative total spend at the end of that day. */
  pastProgressDetails: Record<string, { totalSpend: number }>;
  currentProgressDetails: ProgressDetails;
  /** dollars ex GST */
  totalSpend: number;
  baselineSpend?: number;
  /** Average daily spend so far. */
  currentDailySales?: number;
  /** The daily spend each target needs, in target order. */
  dailySalesTargets: number[];
  /** epoch ms */
  startTimestamp: number;
  /** epoch ms */
  endTimestamp: number;
  /** HTML from the parent: never rendered as HTML by this page. */
  termsConditions?: string;
  disablePrizes: boolean;
  /** Plain text. */
  promoInfoText?: string;
}

export type SpendProgressParse = { ok: true; message: SpendProgressMessage } | { ok: false; reason: string };

/** Bounds that keep a hostile or broken parent from making the page do unbounded work. */
const MAX_TARGETS = 20;
const MAX_DAYS = 1000;
const MAX_ID_LENGTH = 200;
const MAX_TEXT_LENGTH = 5000;
const MAX_HTML_LENGTH = 200_000;

class ShapeError extends Error {}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(field: string, expected: string): never {
  throw new ShapeError(`${field}: expected ${expected}`);
}

function finite(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(field, 'a finite number');
  return value;
}

function optionalFinite(value: unknown, field: string): number | undefined {
  return value === undefined ? undefined : finite(value, field);
}

function text(value: unknown, field: string, maxLength: number): string {
  if (typeof value !== 'string' || value.length > maxLength)
    fail(field, `a string of at most ${maxLength} characters`);
  return value;
}

function id(value: unknown, field: string): string {
  const result = text(value, field, MAX_ID_LENGTH);
  if (result.trim() === '') fail(field, 'a non-empty string');
  return result;
}

function optionalText(value: unknown, field: string, maxLength: number): string | undefined {
  return value === undefined ? undefined : text(value, field, maxLength);
}

function parseTargets(value: unknown): Target[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_TARGETS)
    fail('currentProgressTargets', `a list of 1 to ${MAX_TARGETS} targets`);
  const targets = value.map((entry: unknown, index): Target => {
    const field = `currentProgressTargets[${index}]`;
    if (!isRecord(entry)) fail(field, 'an object');
    const targetNumber = finite(entry.targetNumber, `${field}.targetNumber`);
    if (!Number.isInteger(targetNumber) || targetNumber < 1)
      fail(`${field}.targetNumber`, 'an integer from 1');
    const amount = finite(entry.amount, `${field}.amount`);
    if (amount <= 0) fail(`${field}.amount`, 'a positive amount');
    return { targetNumber, amount };
  });
  const numbers = new Set(targets.map((target) => target.targetNumber));
  if (numbers.size !== targets.length) fail('currentProgressTargets', 'distinct target numbers');
  return targets.sort((a, b) => a.targetNumber - b.targetNumber);
}

function parsePastProgress(value: unknown): Record<string, { totalSpend: number }> {
  if (value === undefined) return {};
  if (!isRecord(value)) fail('pastProgressDetails', 'an object keyed by date');
  const entries = Object.entries(value);
  if (entries.length > MAX_DAYS) fail('pastProgressDetails', `at most ${MAX_DAYS} days`);
  const result: Record<string, { totalSpend: number }> = {};
  for (const [date, day] of entries) {
    if (!/^\d{8}$/.test(date)) fail(`pastProgressDetails.${date}`, 'a YYYYMMDD date key');
    if (!isRecord(day)) fail(`pastProgressDetails.${date}`, 'an object');
    result[date] = { totalSpend: finite(day.totalSpend, `pastProgressDetails.${date}.totalSpend`) };
  }
  return result;
}

function isDivisionCode(code: string): code is DivisionCode {
  return Object.hasOwn(DIVISIONS, code);
}

function parseProgressDetails(value: unknown, totalSpend: number): ProgressDetails {
  if (value === undefined) return { totalSpend, byDivision: {} };
  if (!isRecord(value)) fail('currentProgressDetails', 'an object');
  const byDivision: ProgressDetails['byDivision'] = {};
  if (value.byDivision !== undefined) {
    if (!isRecord(value.byDivision)) fail('currentProgressDetails.byDivision', 'an object');
    for (const [code, amount] of Object.entries(value.byDivision)) {
      // Unknown division codes are left out rather than refusing the whole message.
      if (isDivisionCode(code))
        byDivision[code] = finite(amount, `currentProgressDetails.byDivision.${code}`);
    }
  }
  return {
    totalSpend: optionalFinite(value.totalSpend, 'currentProgressDetails.totalSpend') ?? totalSpend,
    byDivision,
  };
}

function parseDailyTargets(value: unknown): number[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.length > MAX_TARGETS)
    fail('dailySalesTargets', `a list of at most ${MAX_TARGETS} numbers`);
  return value.map((amount: unknown, index) => finite(amount, `dailySalesTargets[${index}]`));
}

function parseAccount(value: unknown): SpendProgressMessage['account'] {
  if (!isRecord(value)) fail('account', 'an object with an id');
  const name = optionalText(value.name, 'account.name', MAX_ID_LENGTH);
  return { id: id(value.id, 'account.id'), ...(name === undefined ? {} : { name }) };
}

function parse(data: unknown): SpendProgressMessage {
  if (!isRecord(data)) fail('message', 'an object');
  const totalSpend = finite(data.totalSpend, 'totalSpend');
  const startTimestamp = finite(data.startTimestamp, 'startTimestamp');
  const endTimestamp = finite(data.endTimestamp, 'endTimestamp');
  if (endTimestamp <= startTimestamp) fail('endTimestamp', 'a time after startTimestamp');
  if (data.disablePrizes !== undefined && typeof data.disablePrizes !== 'boolean')
    fail('disablePrizes', 'a boolean');
  const message: SpendProgressMessage = {
    account: parseAccount(data.account),
    promotionId: id(data.promotionId, 'promotionId'),
    currentProgressTargets: parseTargets(data.currentProgressTargets),
    pastProgressDetails: parsePastProgress(data.pastProgressDetails),
    currentProgressDetails: parseProgressDetails(data.currentProgressDetails, totalSpend),
    totalSpend,
    dailySalesTargets: parseDailyTargets(data.dailySalesTargets),
    startTimestamp,
    endTimestamp,
    disablePrizes: data.disablePrizes ?? false,
  };
  const baselineSpend = optionalFinite(data.baselineSpend, 'baselineSpend');
  const currentDailySales = optionalFinite(data.currentDailySales, 'currentDailySales');
  const termsConditions = optionalText(data.termsConditions, 'termsConditions', MAX_HTML_LENGTH);
  const promoInfoText = optionalText(data.promoInfoText, 'promoInfoText', MAX_TEXT_LENGTH);
  if (baselineSpend !== undefined) message.baselineSpend = baselineSpend;
  if (currentDailySales !== undefined) message.currentDailySales = currentDailySales;
  if (termsConditions !== undefined) message.termsConditions = termsConditions;
  if (promoInfoText !== undefined) message.promoInfoText = promoInfoText;
  return message;
}

/**
 * Checks a posted message's shape and returns a copy holding only the known fields, or the reason
 * it was refused (for the log). Required: account.id, promotionId, currentProgressTargets (1-20),
 * totalSpend, startTimestamp < endTimestamp. The rest is checked when present.
 */
export function parseSpendProgressMessage(data: unknown): SpendProgressParse {
  try {
    return { ok: true, message: parse(data) };
  } catch (error) {
    if (error instanceof ShapeError) return { ok: false, reason: error.message };
    throw error;
  }
}

/** More than one target shows the multi-target view, else the single-target view. */
export function spendProgressView(
  message: Pick<SpendProgressMessage, 'currentProgressTargets'>,
): 'multi' | 'single' {
  return message.currentProgressTargets.length > 1 ? 'multi' : 'single';
}

/**
 * The parent origins whose messages are accepted: the environment's list (RuntimeConfig
 * spendProgressParentOrigins), normalised to origins; the page's own origin when the environment
 * names none. A '*' or anything that is not an http(s) origin is never accepted.
 */
export function allowedParentOrigins(configured: unknown, ownOrigin: string): string[] {
  if (!Array.isArray(configured)) return [ownOrigin];
  const origins = new Set<string>();
  for (const entry of configured) {
    if (typeof entry !== 'string') continue;
    try {
      const url = new URL(entry);
      if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
    } catch {
      // Not a URL ('*', a typo): never matches.
    }
  }
  return [...origins];
}
