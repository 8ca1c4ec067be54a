import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { bankDetailsSchema, type BankDetails, type BankDetailsInput } from '../../../domain/bank-details-schemas';
import { TextField } from '../../components/text-field';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { BankDetailsList } from '../payments/bank-transfer-details';
import { useAdminAction } from './admin-data';

export const BANK_SETTINGS_COPY = {
  heading: 'Bank details for incoming transfers',
  saved: 'Bank details saved',
  failed: 'Could not save the bank details',
  save: 'Save bank details',
  notSet: 'Not set yet: clients funding a milestone are told Humanmade will email them the bank details, and their invoices say the same.',
} as const;

const FIELDS = ['accountHolder', 'accountNumber', 'routingCode', 'bankName', 'country'] as const;
type Field = (typeof FIELDS)[number];

const toDefaults = (details: BankDetails | null): BankDetailsInput => ({
  accountHolder: details?.accountHolder ?? '',
  accountNumber: details?.accountNumber ?? '',
  routingCode: details?.routingCode ?? '',
  bankName: details?.bankName ?? '',
  country: details?.country ?? '',
});

/**
 * The platform's account clients pay manual invoices into (decision 173): shown to a client funding their milestone
 * and printed on open invoices. Saved through the audited settings change, checked with the server's own schema.
 */
export function BankDetailsSettings({ current }: { current: BankDetails | null }) {
  const form = useForm<BankDetailsInput, unknown, BankDetails>({ resolver: zodResolver(bankDetailsSchema), mode: 'onTouched', defaultValues: toDefaults(current) });
  const { errors } = form.formState;
  const save = useAdminAction<BankDetails>({
    request: (bankDetails) => ({ path: '/api/admin/settings', init: { method: 'PATCH', body: { bankDetails } } }),
    success: BANK_SETTINGS_COPY.saved,
    failure: BANK_SETTINGS_COPY.failed,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      // The server names fields under the setting (`bankDetails.accountNumber`): put each message under its field.
      if (!(error instanceof ApiError)) return;
      for (const [key, message] of Object.entries(error.fields ?? {})) {
        const field = key.replace(/^bankDetails\./, '') as Field;
        if (FIELDS.includes(field)) form.setError(field, { type: 'server', message });
      }
    }
  });

  return (
    <div className="rounded-2xl border border-border bg-surface p-6" id="bank-details">
      <h3 id="bank-details-heading" className="text-xl">
        {BANK_SETTINGS_COPY.heading}
      </h3>
      <p className="mt-1 max-w-2xl text-muted-foreground">
        The account clients pay into by bank transfer, quoting their invoice number. Shown to a client when they fund a milestone and printed on open invoices.
      </p>
      {current ? (
        <BankDetailsList details={current} className="mt-4 max-w-xl rounded-xl border border-border bg-paper p-4" />
      ) : (
        <p className="mt-4 max-w-2xl rounded-xl border border-accent/40 bg-accent/5 p-4 text-sm text-ink" role="note">
          {BANK_SETTINGS_COPY.notSet}
        </p>
      )}
      <form noValidate aria-labelledby="bank-details-heading" className="mt-6 grid max-w-2xl gap-4" onSubmit={(event) => void submit(event)}>
        <TextField id="bank-holder" label="Account holder" required error={errors.accountHolder?.message} {...form.register('accountHolder')} />
        <TextField
          id="bank-account"
          label="IBAN or account number"
          required
          spellCheck={false}
          autoComplete="off"
          className="[&_input]:font-mono"
          error={errors.accountNumber?.message}
          {...form.register('accountNumber')}
        />
        <TextField
          id="bank-routing"
          label="BIC/SWIFT, sort code or routing number"
          spellCheck={false}
          autoComplete="off"
          hint="Needed unless the account is an IBAN; give the BIC for transfers from abroad."
          error={errors.routingCode?.message}
          {...form.register('routingCode')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField id="bank-name" className="content-start" label="Bank name (optional)" error={errors.bankName?.message} {...form.register('bankName')} />
          <TextField id="bank-country" className="content-start" label="Bank country (optional)" error={errors.country?.message} {...form.register('country')} />
        </div>
        <Button type="submit" className="w-fit" busy={save.isPending}>
          {BANK_SETTINGS_COPY.save}
        </Button>
      </form>
    </div>
  );
}
