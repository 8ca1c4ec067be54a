import type { FieldError, Path, Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import { isWholeCents, OFFER_MESSAGES, sendOfferSchema, type SendOfferInput } from '../../../domain/milestones';

/** The form works in dollars, as people think; the request is in cents, as the server stores. */
export interface OfferFormValues {
  price: number;
  milestones: Array<{ title: string; amount: number; dueDate: string }>;
  revisionRounds: string;
  note: string;
}

export const toCents = (dollars: number): number => (Number.isFinite(dollars) ? Math.round(dollars * 100) : Number.NaN);

/** The milestone amounts against the price, in cents: what the live "adds up to" line says. */
export function offerSum(values: Pick<OfferFormValues, 'price' | 'milestones'>): { sumCents: number; priceCents: number | null; isBalanced: boolean } {
  const sumCents = values.milestones.reduce((total, milestone) => total + (toCents(milestone.amount) || 0), 0);
  const priceCents = Number.isInteger(values.price) && values.price > 0 ? values.price * 100 : null;
  return { sumCents, priceCents, isBalanced: priceCents !== null && sumCents === priceCents };
}

export const toRequest = (values: OfferFormValues): SendOfferInput => ({
  price: values.price,
  milestones: values.milestones.map((milestone) => ({ title: milestone.title, amountCents: toCents(milestone.amount), dueDate: milestone.dueDate })),
  revisionRounds: Number(values.revisionRounds),
  note: values.note,
});

/** A request field ("milestones.0.amountCents") as the form names it ("milestones.0.amount"). */
export const toFormField = (field: string): Path<OfferFormValues> => field.replace(/amountCents$/, 'amount') as Path<OfferFormValues>;

/**
 * Checks as the server will, with the request's own schema on the amounts in cents, plus what cents would hide: a
 * third decimal ("600.555" is refused, not rounded). Each message goes under the field that was typed in; a field's
 * first message wins, as on the server.
 */
export const offerResolver: Resolver<OfferFormValues, unknown, SendOfferInput> = (values, _context, options) => {
  const issues: Array<{ field: string; message: string }> = values.milestones.flatMap((milestone, index) =>
    Number.isFinite(milestone.amount) && !isWholeCents(milestone.amount) ? [{ field: `milestones.${index}.amount`, message: OFFER_MESSAGES.milestoneAmountFormat }] : [],
  );
  const parsed = sendOfferSchema.safeParse(toRequest(values));
  if (parsed.success && issues.length === 0) return { values: parsed.data, errors: {} };
  for (const issue of parsed.error?.issues ?? []) issues.push({ field: toFormField(issue.path.join('.')), message: issue.message });
  const errors: Record<string, FieldError> = {};
  for (const { field, message } of issues) errors[field] ??= { type: 'schema', message };
  return { values: {}, errors: toNestErrors(errors, options) };
};
