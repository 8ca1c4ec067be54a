import { z } from 'zod';

/**
 * Bank details for manual payments (decision 173): where clients send money to Humanmade (a platform setting), and
 * where Humanmade pays a creator (their payout details). One shape for both; the server stores it normalized.
 */

export const BANK_DETAILS_MESSAGES = {
  holderRequired: 'Enter the account holder’s name',
  holderTooLong: 'Keep the account holder’s name under 140 characters',
  accountRequired: 'Enter the IBAN or account number',
  accountFormat: 'Enter 4 to 34 letters and digits (spaces and dashes are fine)',
  ibanChecksum: 'This IBAN does not check out: look for a typo',
  routingRequired: 'Enter the BIC/SWIFT, sort code or routing number for this account number',
  routingFormat: 'Enter a BIC/SWIFT code (8 or 11 characters), a 6-digit sort code or a 9-digit routing number',
  bankNameTooLong: 'Keep the bank name under 140 characters',
  countryTooLong: 'Keep the country under 60 characters',
  payoutDetailsMissing: 'Add the bank account you want to be paid to before requesting a payout.',
} as const;

const compact = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase();

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
const ACCOUNT_SHAPE = /^[A-Z0-9]{4,34}$/;
const BIC_SHAPE = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
// A sort code (6), a BSB (6), a Canadian transit and institution (8) or an ABA routing number (9).
const DOMESTIC_CODE_SHAPE = /^\d{6,9}$/;

/** Whether the account number is written as an IBAN (country letters, check digits, then the account). */
export const isIbanLike = (accountNumber: string): boolean => IBAN_SHAPE.test(compact(accountNumber));

/** The ISO 13616 check: the IBAN, its first four characters moved to the end and letters as numbers, mod 97 is 1. */
export const hasValidIbanChecksum = (iban: string): boolean => {
  const value = compact(iban);
  const rearranged = `${value.slice(4)}${value.slice(0, 4)}`;
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
};

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

export const bankDetailsSchema = z
  .object({
    accountHolder: z.string().trim().min(1, BANK_DETAILS_MESSAGES.holderRequired).max(140, BANK_DETAILS_MESSAGES.holderTooLong),
    /** An IBAN or a domestic account number. */
    accountNumber: z.string().trim().min(1, BANK_DETAILS_MESSAGES.accountRequired).max(60, BANK_DETAILS_MESSAGES.accountFormat),
    /** BIC/SWIFT, sort code or routing number: needed unless the account is an IBAN. */
    routingCode: optionalText(40, BANK_DETAILS_MESSAGES.routingFormat),
    bankName: optionalText(140, BANK_DETAILS_MESSAGES.bankNameTooLong),
    country: optionalText(60, BANK_DETAILS_MESSAGES.countryTooLong),
  })
  .superRefine((value, ctx) => {
    const account = compact(value.accountNumber);
    if (!ACCOUNT_SHAPE.test(account)) ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: BANK_DETAILS_MESSAGES.accountFormat });
    else if (IBAN_SHAPE.test(account) && !hasValidIbanChecksum(account)) ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: BANK_DETAILS_MESSAGES.ibanChecksum });
    const routing = compact(value.routingCode ?? '');
    if (routing === '') {
      // Asked for only once the account number itself is right: one thing to fix at a time.
      if (ACCOUNT_SHAPE.test(account) && !IBAN_SHAPE.test(account)) ctx.addIssue({ code: 'custom', path: ['routingCode'], message: BANK_DETAILS_MESSAGES.routingRequired });
    } else if (!BIC_SHAPE.test(routing) && !DOMESTIC_CODE_SHAPE.test(routing)) {
      ctx.addIssue({ code: 'custom', path: ['routingCode'], message: BANK_DETAILS_MESSAGES.routingFormat });
    }
  });
export type BankDetails = z.infer<typeof bankDetailsSchema>;
export type BankDetailsInput = z.input<typeof bankDetailsSchema>;

const collapse = (value: string) => value.trim().replace(/\s+/g, ' ');

/** The stored form: the account number compact and upper case, blank optional fields left out. */
export const normalizeBankDetails = (details: BankDetails): BankDetails => {
  const optional = (value: string | undefined) => (value && collapse(value) !== '' ? collapse(value) : undefined);
  const routing = optional(details.routingCode);
  return {
    accountHolder: collapse(details.accountHolder),
    accountNumber: compact(details.accountNumber),
    ...(routing ? { routingCode: routing.toUpperCase() } : {}),
    ...(optional(details.bankName) ? { bankName: optional(details.bankName) } : {}),
    ...(optional(details.country) ? { country: optional(details.country) } : {}),
  };
};

/** An IBAN in groups of four, as banks print it; any other account number as stored. */
export const formatAccountNumber = (accountNumber: string): string =>
  isIbanLike(accountNumber) ? compact(accountNumber).replace(/(.{4})(?=.)/g, '$1 ') : accountNumber;

/** All but the last four characters hidden: what a creator sees of their own account number once it is saved. */
export const maskAccountNumber = (accountNumber: string): string => `•••• ${compact(accountNumber).slice(-4)}`;

/** What the account number is called, for labels: IBAN or account number. */
export const accountNumberLabel = (accountNumber: string): string => (isIbanLike(accountNumber) ? 'IBAN' : 'Account number');

/** What the routing code is called: a BIC for letters, a sort code for six digits, a routing number otherwise. */
export const routingCodeLabel = (routingCode: string): string => {
  const value = compact(routingCode);
  if (BIC_SHAPE.test(value)) return 'BIC/SWIFT';
  if (value.length === 6) return 'Sort code';
  return 'Routing number';
};

/** A creator's saved payout details as they see them after saving: the account number masked. */
export const payoutDetailsViewSchema = z.object({
  accountHolder: z.string(),
  accountNumberMasked: z.string(),
  accountNumberLabel: z.string(),
  routingCode: z.string().nullable(),
  bankName: z.string().nullable(),
  country: z.string().nullable(),
  updatedAt: z.string(),
});
export type PayoutDetailsView = z.infer<typeof payoutDetailsViewSchema>;
export const payoutDetailsResponseSchema = z.object({ details: payoutDetailsViewSchema.nullable() });
export type PayoutDetailsResponse = z.infer<typeof payoutDetailsResponseSchema>;

/** One line naming an account without revealing it: "Mara Maker · IBAN •••• 3000". */
export const maskedAccountSummary = (details: Pick<BankDetails, 'accountHolder' | 'accountNumber'>): string =>
  `${details.accountHolder} · ${accountNumberLabel(details.accountNumber)} ${maskAccountNumber(details.accountNumber)}`;

/**
 * How a client pays an open manual invoice: the reference to quote and the platform's account, or null while an
 * admin has not set the platform's bank details (the client is told Humanmade will email them).
 */
export const bankTransferSchema = z.object({ reference: z.string(), payTo: bankDetailsSchema.nullable() });
export type BankTransfer = z.infer<typeof bankTransferSchema>;

export const PLATFORM_BANK_COPY = {
  notSet: 'Humanmade will email you the bank details for this transfer. Quote the invoice number as the payment reference.',
  adminPrompt: 'Set the bank details clients pay into',
} as const;
