import { Landmark } from 'lucide-react';
import {
  accountNumberLabel,
  formatAccountNumber,
  PLATFORM_BANK_COPY,
  routingCodeLabel,
  type BankDetails,
  type BankTransfer,
} from '../../../domain/bank-details-schemas';
import { cn } from '../../lib/utils';
import { formatMoneyCents } from './payments-api';

/** The rows of a bank account, in the order a banking app asks for them. */
export function bankDetailRows(details: BankDetails): Array<[label: string, value: string]> {
  return [
    ['Account holder', details.accountHolder],
    [accountNumberLabel(details.accountNumber), formatAccountNumber(details.accountNumber)],
    ...(details.routingCode ? [[routingCodeLabel(details.routingCode), details.routingCode] as [string, string]] : []),
    ...(details.bankName ? [['Bank', details.bankName] as [string, string]] : []),
    ...(details.country ? [['Country', details.country] as [string, string]] : []),
  ];
}

/** A bank account as a definition list; account numbers in a monospace face so they can be checked digit by digit. */
export function BankDetailsList({ details, extra = [], className }: { details: BankDetails; extra?: Array<[string, string]>; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm', className)}>
      {[...bankDetailRows(details), ...extra].map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className={cn('wrap-anywhere text-ink', /IBAN|Account number|Reference/.test(label) && 'font-mono tracking-tight')}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * How the client pays an open manual invoice: Humanmade's account, the amount and the invoice number to quote. While
 * an admin has not set the account, it says so plainly rather than showing anything made up.
 */
export function BankTransferDetails({ transfer, amountCents, className }: { transfer: BankTransfer; amountCents: number; className?: string }) {
  return (
    <section aria-label="Bank transfer details" className={cn('rounded-xl border border-border bg-surface p-4', className)}>
      <p className="mb-3 flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.12em] text-muted-foreground">
        <Landmark aria-hidden="true" className="size-4" />
        Pay by bank transfer
      </p>
      {transfer.payTo ? (
        <BankDetailsList
          details={transfer.payTo}
          extra={[
            ['Amount', formatMoneyCents(amountCents)],
            ['Reference', transfer.reference],
          ]}
        />
      ) : (
        <div className="grid gap-2 text-sm">
          <p className="text-ink">{PLATFORM_BANK_COPY.notSet}</p>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2">
            <dt className="text-muted-foreground">Amount</dt>
            <dd className="text-ink tabular-nums">{formatMoneyCents(amountCents)}</dd>
            <dt className="text-muted-foreground">Reference</dt>
            <dd className="font-mono tracking-tight text-ink">{transfer.reference}</dd>
          </dl>
        </div>
      )}
      <p className="mt-3 text-xs text-muted-foreground">Quote the reference exactly, so that we can match your transfer to this invoice.</p>
    </section>
  );
}
