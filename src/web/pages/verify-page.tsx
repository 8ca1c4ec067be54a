import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ShieldAlert, ShieldX } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { CredentialVerification } from '../../domain/seal-credential-schemas';
import { credentialVerificationQueryKey, VERIFICATION_HEADLINES, VERIFY_MESSAGES, VERIFY_PATH } from '../../domain/seal-verification';
import { PageIntro } from '../components/page-intro';
import { ServerFormContext } from '../components/server-form';
import { Button } from '../components/ui/button';
import { Label } from '../components/ui/label';
import { Textarea } from '../components/ui/textarea';
import { ApiError, apiFetch } from '../lib/api';
import { useNotFoundStatus } from '../lib/page-status';
import { usePageTitle } from '../lib/use-page-title';
import { useHydrated } from '../lib/use-hydrated';
import { usePostedForm } from '../lib/posted-form';
import { FORM_NAME_FIELD } from '../../domain/posted-form';
import { prefersReducedMotion } from '../lib/reduced-motion';
import { cn } from '../lib/utils';
import { formatLongDate } from '../../domain/dates';

/** The sticky header's height and a little air, in px: the answer's `scroll-mt-24` keeps its headline clear of it. */
const HEADER_ROOM = 96;

/** A maker with no credential answers 404: shown as such, not as a failure. */
const fetchVerification = async (input: { maker?: string; credential?: string }): Promise<CredentialVerification | null> => {
  if (input.maker) {
    try {
      return await apiFetch<CredentialVerification>(`/api/credentials/seal/${encodeURIComponent(input.maker)}/verification`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  }
  return apiFetch<CredentialVerification>('/api/credentials/verify', { method: 'POST', body: { credential: input.credential } });
};

const issuedOn = (iso: string | null) => (iso ? formatLongDate(iso) : 'Unknown');

function NoCredential() {
  useNotFoundStatus();
  return (
    <div role="status" className="rounded-2xl border border-border bg-surface p-6">
      <p className="font-serif text-2xl">No Seal credential here</p>
      <p className="mt-2 text-muted-foreground">This creator holds no Seal credential from Humanmade, or the address is wrong.</p>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-t border-border py-3 first:border-t-0 sm:grid-cols-[9rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="wrap-anywhere text-ink">{children}</dd>
    </div>
  );
}

type EvidenceEntry = CredentialVerification['evidence'][number];

const EVIDENCE_LABELS: Record<EvidenceEntry['record'], string> = {
  verified: 'Process record verifies',
  changed: 'Process record changed since issue',
  removed: 'Removed with an account deletion: the client deleted their account, and the project went with it. Not a change to the record.',
  none: 'No process record cited',
};

/** A record removed with an account deletion says when it went. */
const evidenceLabel = (entry: EvidenceEntry): string =>
  entry.record === 'removed' && entry.removedAt
    ? `Removed with an account deletion on ${formatLongDate(entry.removedAt)}: the client deleted their account, and the project went with it. Not a change to the record.`
    : EVIDENCE_LABELS[entry.record];

function VerificationResult({ result }: { result: CredentialVerification }) {
  const Icon = result.outcome === 'valid' ? CheckCircle2 : result.outcome === 'revoked' || result.outcome === 'evidence_changed' ? ShieldAlert : ShieldX;
  const good = result.outcome === 'valid';
  return (
    <section aria-labelledby="verify-result-heading" className={cn('rounded-3xl border bg-surface p-6 sm:p-8', good ? 'border-success/40' : 'border-destructive/30')}>
      <h2 id="verify-result-heading" className="sr-only">
        Result
      </h2>
      <p role="status" className={cn('flex items-start gap-3 text-lg font-medium', good ? 'text-success' : 'text-destructive')}>
        <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
        {VERIFICATION_HEADLINES[result.outcome]}
      </p>
      {result.signatureValid ? (
        <dl className="mt-6">
          <Fact label="Achievement">{result.achievement ?? 'Unknown'}</Fact>
          <Fact label="Issued to">
            {result.subject?.name ?? 'Unknown'}
            {result.subject?.id ? (
              <span className="block text-sm text-muted-foreground">
                {result.subject.id.includes('/studio/') ? (
                  <a href={result.subject.id} title={result.subject.id} className="text-accent-strong underline underline-offset-4">
                    View their studio
                  </a>
                ) : (
                  result.subject.id
                )}
              </span>
            ) : null}
          </Fact>
          <Fact label="Issued by">
            {result.issuer?.name ?? 'Unknown'}
            <span className="block font-mono text-sm text-muted-foreground">{result.issuer?.id}</span>
          </Fact>
          <Fact label="Issued on">{issuedOn(result.validFrom)}</Fact>
          <Fact label="Signature">Holds: signed with a key in Humanmade’s DID document</Fact>
          <Fact label="Status">{result.revoked ? (result.revokedAt ? `Revoked on ${issuedOn(result.revokedAt)}` : 'Revoked') : 'In force'}</Fact>
          <Fact label="Evidence">
            {result.evidenceCount} completed {result.evidenceCount === 1 ? 'project' : 'projects'} with process records
            {result.evidence.length > 0 ? (
              <ul className="mt-2 grid gap-1 text-sm">
                {result.evidence.map((entry, index) => (
                  <li key={index} className="flex flex-wrap gap-x-2">
                    <span className="text-ink">{entry.name}</span>
                    <span className={cn(entry.record === 'changed' ? 'font-medium text-destructive' : 'text-muted-foreground')}>{evidenceLabel(entry)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </Fact>
        </dl>
      ) : null}
    </section>
  );
}

/**
 * /verify: anyone checks a Seal credential. The form posts to the page (it works with no script: the server renders
 * the answer, decision 105); with scripts, a file can be uploaded too, and the answer comes without a reload. The
 * credential never goes into the address, whose length the server limits: `?maker=` (a studio's link) and
 * `?credential=` (a link made by hand) are still read.
 */
export function VerifyPage() {
  usePageTitle('Verify a Seal');
  const id = useId();
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const posted = usePostedForm('verify');
  const maker = params.get('maker')?.trim() || undefined;
  const fromAddress = params.get('credential')?.trim() || undefined;
  // What the server was sent without scripts: checked in its first paint, or refused with the field's message.
  const postedCredential = posted.errors.credential ? undefined : posted.values.credential?.trim() || undefined;
  const [checked, setChecked] = useState(postedCredential ?? (maker ? undefined : fromAddress));
  const [text, setText] = useState(posted.values.credential ?? fromAddress ?? '');
  // An empty form arrives as ?credential= with nothing in it (a link made by hand) or as a refused post: say what is
  // wrong, as the script's own check would (the server renders the same first state, so hydration agrees).
  const [fieldError, setFieldError] = useState<string | null>(
    posted.errors.credential ?? (params.has('credential') && !fromAddress && !maker ? VERIFY_MESSAGES.empty : null),
  );
  const input = checked ? { credential: checked } : maker ? { maker } : null;
  const query = useQuery({
    queryKey: credentialVerificationQueryKey(input ?? {}),
    queryFn: () => fetchVerification(input ?? {}),
    enabled: input !== null,
    retry: false,
  });

  // A check the person asked for brings its answer into view once it is in: on a phone the answer sits below the
  // form, off the screen, and the page would otherwise seem not to have moved. Once per Verify, not on later re-reads.
  const answer = useRef<HTMLDivElement>(null);
  const [revealRequest, setRevealRequest] = useState(0);
  const revealed = useRef(0);
  useEffect(() => {
    if (revealRequest === revealed.current || query.isFetching || (query.data === undefined && !query.isError)) return;
    revealed.current = revealRequest;
    const box = answer.current?.getBoundingClientRect();
    // Its headline already shows (below the sticky header, above the screen's last lines): leave the page where it is.
    if (!box || (box.top >= HEADER_ROOM && box.top <= window.innerHeight - HEADER_ROOM)) return;
    answer.current?.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [revealRequest, query.isFetching, query.data, query.isError]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const credential = text.trim();
    if (!credential) {
      setFieldError(VERIFY_MESSAGES.empty);
      return;
    }
    setFieldError(null);
    setChecked(credential);
    // A studio's `?maker=` (or a hand-made `?credential=`) no longer says what the page shows.
    if (params.size > 0) setParams({}, { replace: true });
    setRevealRequest((count) => count + 1);
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setText((await file.text()).trim());
    setFieldError(null);
  };

  return (
    <>
      <PageIntro eyebrow="Seal of human creativity" title="Verify a Seal">
        <p>
          {/* The file is read by a script: without one there is only the text box, and the page offers only that. */}
          Every Seal Humanmade awards comes with a signed credential its maker can share. Paste it here{hydrated ? ', or upload its file,' : ''} to see
          who issued it, to whom and when, whether the signature holds, and whether the Seal is still in force.
        </p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-5 pb-24 sm:px-8 md:grid-cols-[1.1fr_1fr] md:gap-14">
        <form method="post" action={VERIFY_PATH} onSubmit={onSubmit} noValidate className="self-start rounded-3xl border border-border bg-surface p-6 sm:p-8">
          <ServerFormContext.Provider value>
            <input type="hidden" name={FORM_NAME_FIELD} value="verify" />
            <div className="grid gap-2">
              <Label htmlFor={`${id}-credential`}>Credential</Label>
              <Textarea
                id={`${id}-credential`}
                name="credential"
                rows={7}
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder='{"@context": "https://www.w3.org/ns/credentials/v2", "type": "EnvelopedVerifiableCredential", …}'
                spellCheck={false}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? `${id}-credential-error` : undefined}
                className="font-mono text-sm"
              />
              {fieldError ? (
                <p id={`${id}-credential-error`} className="text-sm text-destructive">
                  {fieldError}
                </p>
              ) : null}
            </div>
            {hydrated ? (
              <div className="mt-5 grid gap-2">
                <Label htmlFor={`${id}-file`}>Or upload the credential file</Label>
                <input
                  id={`${id}-file`}
                  type="file"
                  accept=".json,application/json,.jwt,text/plain"
                  onChange={(event) => void onFile(event.target.files?.[0])}
                  className="text-sm file:mr-4 file:rounded-full file:border file:border-ink/80 file:bg-transparent file:px-4 file:py-2 file:text-sm file:font-medium file:text-ink hover:file:bg-ink hover:file:text-paper"
                />
              </div>
            ) : null}
            <Button type="submit" className="mt-6" aria-busy={query.isFetching}>
              Verify
            </Button>
          </ServerFormContext.Provider>
        </form>
        {/* With something to check (from a studio's link, or sent), the answer leads on a phone, above the form. */}
        <div ref={answer} aria-live="polite" className={cn('scroll-mt-24', input ? 'max-md:order-first' : undefined)}>
          {query.isFetching && !query.data ? <p className="text-muted-foreground">Checking the signature and the status list…</p> : null}
          {query.isError ? (
            <p role="alert" className="text-destructive">
              {query.error instanceof ApiError && query.error.status === 400 ? query.error.message : 'The check could not run. Please try again.'}
            </p>
          ) : null}
          {query.data === null ? <NoCredential /> : null}
          {query.data ? <VerificationResult result={query.data} /> : null}
          {!input ? (
            <p className="text-muted-foreground">
              A maker’s credential can also be checked from their studio: look for <span className="text-ink">Verify this Seal</span> beside the Seal.{' '}
              <Link to="/how-it-works" className="text-accent-strong underline underline-offset-4">
                How the Seal is earned
              </Link>
              .
            </p>
          ) : null}
        </div>
      </div>
    </>
  );
}
