import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { CONTACT_MESSAGES, HONEYPOT_FIELD } from '../../../domain/contact-copy';
import type { ContactRequest } from '../../../domain/contact-schemas';
import { LIMITS } from '../../../domain/constants';
import { SENT_PARAM } from '../../../domain/posted-form';
import { ServerForm } from '../../components/server-form';
import { EmailField, TextField } from '../../components/text-field';
import { Button } from '../../components/ui/button';
import { FieldError, Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { apiFetch } from '../../lib/api';
import { postedFieldErrors, usePostedForm } from '../../lib/posted-form';
import { cn } from '../../lib/utils';
import { showSubmitError } from '../auth/api-form-errors';

const FIELDS = ['name', 'email', 'message'] as const;

/**
 * The shared schema and its resolver load at the first check (a field left, or a send), not with the page: zod is
 * 26 KB of gzipped script whose set-up the marketplace and the Contact page paid before anyone typed (decision 189).
 * Should the load fail, the form goes to the server, which checks the same schema and answers field by field.
 */
let schemaResolver: Promise<Resolver<ContactRequest> | null> | null = null;
const contactResolver: Resolver<ContactRequest> = async (values, context, options) => {
  schemaResolver ??= Promise.all([import('@hookform/resolvers/zod'), import('../../../domain/contact-schemas')]).then(
    ([{ zodResolver }, { contactRequestSchema }]) => zodResolver(contactRequestSchema) as unknown as Resolver<ContactRequest>,
    () => {
      schemaResolver = null;
      return null;
    },
  );
  const resolver = await schemaResolver;
  return resolver ? resolver(values, context, options) : { values, errors: {} };
};

interface ContactFormProps {
  /** Which form the server is told it got when the browser posts it natively (decision 105). */
  formName: 'contact' | 'creator-contact';
  /** Prefix for element ids, so two forms can share a page. */
  idPrefix: string;
  endpoint: string;
  successMessage: string;
  failureMessage: string;
  submitLabel?: string;
  onSent?: () => void;
  className?: string;
}

/** Name, Email and Message with the shared contact schema, a live counter, and a honeypot for bots. */
export function ContactForm({ formName, idPrefix, endpoint, successMessage, failureMessage, submitLabel = 'Send Message', onSent, className }: ContactFormProps) {
  // A native post comes back here with what was entered and its messages, or, once sent, with `?sent=1`.
  const posted = usePostedForm(formName);
  const [postedErrors] = useState(() => postedFieldErrors(posted.errors));
  const [params] = useSearchParams();
  const sentNatively = params.get(SENT_PARAM) === '1';
  const form = useForm({
    resolver: contactResolver,
    defaultValues: { name: posted.values.name ?? '', email: posted.values.email ?? '', message: posted.values.message ?? '', [HONEYPOT_FIELD]: '' },
    errors: postedErrors,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;
  const message = useWatch({ control: form.control, name: 'message' }) ?? '';
  const id = (field: string) => `${idPrefix}-${field}`;

  const onSubmit = async (values: ContactRequest) => {
    try {
      await apiFetch(endpoint, { method: 'POST', body: values });
      toast.success(successMessage);
      form.reset();
      onSent?.();
    } catch (error) {
      showSubmitError(error, form.setError, FIELDS, failureMessage);
    }
  };

  const messageError = errors.message?.message;
  const counterId = id('message-count');
  return (
    <ServerForm formName={formName} message={posted.message} noValidate onSubmit={form.handleSubmit(onSubmit)} className={cn('grid gap-5', className)}>
      {sentNatively ? (
        <p role="status" className="rounded-xl border border-accent/30 bg-accent-soft/50 px-4 py-3 text-[0.9375rem] text-ink">
          {successMessage}
        </p>
      ) : null}
      <TextField id={id('name')} label="Name" autoComplete="name" error={errors.name?.message} defaultValue={posted.values.name} {...form.register('name')} />
      <EmailField
        id={id('email')}
        error={errors.email?.message}
        defaultValue={posted.values.email}
        {...form.register('email')}
      />
      <div className="grid gap-2">
        <div className="flex items-baseline justify-between gap-4">
          <Label htmlFor={id('message')}>Message</Label>
          <span id={counterId} className={cn('text-sm tabular-nums', message.length > LIMITS.messageMax ? 'text-destructive' : 'text-muted-foreground')}>
            {message.length}/{LIMITS.messageMax}
          </span>
        </div>
        <Textarea
          id={id('message')}
          rows={8}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={[messageError ? id('message-error') : null, counterId].filter(Boolean).join(' ')}
          defaultValue={posted.values.message}
          {...form.register('message')}
        />
        <FieldError id={id('message-error')} message={messageError} />
      </div>
      {/* People never see or reach this field; bots that fill every input give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
        <label htmlFor={id(HONEYPOT_FIELD)}>Leave this field empty</label>
        <input id={id(HONEYPOT_FIELD)} type="text" tabIndex={-1} autoComplete="off" {...form.register(HONEYPOT_FIELD)} />
      </div>
      <Button type="submit" size="lg" className="justify-self-start" busy={isSubmitting}>
        {isSubmitting ? CONTACT_MESSAGES.sending : submitLabel}
      </Button>
    </ServerForm>
  );
}
