import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { bankDetailsSchema, type BankDetails, type BankDetailsInput, type PayoutDetailsView } from '../../../domain/bank-details-schemas';
import { TextField } from '../../components/text-field';
import { showSubmitError } from '../auth/api-form-errors';

const FIELDS = ['accountHolder', 'accountNumber', 'routingCode', 'bankName', 'country'] as const;

export const PAYOUT_DETAILS_COPY = {
  saved: 'Payout details saved',
  failed: 'Error saving your payout details',
  holder: 'Account holder name',
  account: 'IBAN or account number',
  routing: 'BIC/SWIFT, sort code or routing number',
  bankName: 'Bank name (optional)',
  country: 'Bank country (optional)',
} as const;

interface PayoutDetailsFormProps {
  id: string;
  /** The saved details, to edit: the account number is never sent back, so it is entered again. */
  current: PayoutDetailsView | null;
  onSubmit: (details: BankDetailsInput) => Promise<unknown>;
}

/**
 * Where the creator is paid, checked with the same schema the server applies (the IBAN's check digits included). The
 * form element carries `id`, so the dialog's footer can submit it.
 */
export function PayoutDetailsForm({ id, current, onSubmit }: PayoutDetailsFormProps) {
  const form = useForm<BankDetailsInput, unknown, BankDetails>({
    resolver: zodResolver(bankDetailsSchema),
    mode: 'onTouched',
    defaultValues: {
      accountHolder: current?.accountHolder ?? '',
      accountNumber: '',
      routingCode: current?.routingCode ?? '',
      bankName: current?.bankName ?? '',
      country: current?.country ?? '',
    },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      showSubmitError(error, form.setError, FIELDS, PAYOUT_DETAILS_COPY.failed);
    }
  });
  return (
    <form id={id} noValidate className="grid gap-4" onSubmit={(event) => void submit(event)}>
      <TextField id={`${id}-holder`} label={PAYOUT_DETAILS_COPY.holder} autoComplete="name" required error={errors.accountHolder?.message} {...form.register('accountHolder')} />
      <TextField
        id={`${id}-account`}
        label={PAYOUT_DETAILS_COPY.account}
        autoComplete="off"
        spellCheck={false}
        required
        className="[&_input]:font-mono"
        hint={current ? `Saved: ${current.accountNumberLabel} ${current.accountNumberMasked}. Enter the full number again to change your details.` : 'Spaces are fine. We check an IBAN’s check digits.'}
        error={errors.accountNumber?.message}
        {...form.register('accountNumber')}
      />
      <TextField
        id={`${id}-routing`}
        label={PAYOUT_DETAILS_COPY.routing}
        autoComplete="off"
        spellCheck={false}
        hint="Needed unless you entered an IBAN."
        error={errors.routingCode?.message}
        {...form.register('routingCode')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-bank`} className="content-start" label={PAYOUT_DETAILS_COPY.bankName} error={errors.bankName?.message} {...form.register('bankName')} />
        <TextField id={`${id}-country`} className="content-start" label={PAYOUT_DETAILS_COPY.country} autoComplete="country-name" error={errors.country?.message} {...form.register('country')} />
      </div>
    </form>
  );
}
