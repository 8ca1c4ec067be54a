import type { ContentCredentials } from '../../../domain/content-credentials';
import { CONTENT_CREDENTIALS_MESSAGES, describeAction } from '../../../domain/content-credentials-copy';
import { cn } from '../../lib/utils';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { formatLongDateTimeUtc } from '../../../domain/dates';
import { useHydrated } from '../../lib/use-hydrated';


/** The "cr" pin of Content Credentials, drawn small in the ink colour so it sits quietly on a picture. */
function CrGlyph({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className={cn('size-4', className)}>
      <path d="M2.5 10a7.5 7.5 0 0 1 7.5-7.5h7.5V10a7.5 7.5 0 0 1-15 0Z" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <text x="10" y="12.6" textAnchor="middle" fontSize="7.2" fontWeight="700" fontFamily="Inter, system-ui, sans-serif" fill="currentColor">
        cr
      </text>
    </svg>
  );
}

const DESCRIPTION = 'The file carried a signed record of how it was made (a C2PA manifest) when it was uploaded. Its signature and the file matched.';

const MARK_CLASS =
  'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-border bg-paper/95 min-h-7 px-2.5 py-1 text-xs font-medium text-ink shadow-sm transition-colors duration-150 hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring motion-reduce:transition-none';

/** One fact; stacked (term above its value) in the no-script disclosure, which may be as narrow as a phone's card. */
function Row({ term, children, stacked = false }: { term: string; children: React.ReactNode; stacked?: boolean }) {
  return (
    <div className={cn('border-t border-border first:border-t-0', stacked ? 'py-1.5' : 'grid grid-cols-[7.5rem_1fr] gap-3 py-2.5')}>
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="min-w-0 wrap-anywhere text-sm text-ink">{children}</dd>
    </div>
  );
}

/**
 * A small 'Content Credentials' mark for an item whose file carried a valid C2PA manifest at upload. It is a
 * button (keyboard reachable, named for the piece) that opens a dialog with the claim's tool, signer and date.
 * Nothing shows for a file without credentials, or with a claim that did not verify. Before the app runs (and on a
 * studio read without scripts) it is a native disclosure with the same facts.
 */
export function ContentCredentialsMark({
  credentials,
  itemTitle,
  className,
  compactOnPhone = false,
  compact = false,
}: {
  credentials: ContentCredentials | null | undefined;
  itemTitle: string;
  className?: string;
  /** Only the glyph below the small breakpoint, where the words would cover a thumbnail. */
  compactOnPhone?: boolean;
  /** Only the glyph at every width, on a thumbnail too small for the words (its name still says them). */
  compact?: boolean;
}) {
  const hydrated = useHydrated();
  if (!credentials?.valid) return null;
  const tool = credentials.tool && credentials.tool !== credentials.generator ? credentials.tool : null;
  const name = `${CONTENT_CREDENTIALS_MESSAGES.mark} of ${itemTitle}`;
  const label = (
    <>
      <CrGlyph />
      <span className={compact ? 'sr-only' : compactOnPhone ? 'max-sm:sr-only' : undefined}>{CONTENT_CREDENTIALS_MESSAGES.mark}</span>
    </>
  );
  const facts = { tool, credentials };
  if (!hydrated) {
    // Before the app runs, or without it (a public studio works without scripts): a native disclosure with the same
    // facts, which opens over the picture and closes from its mark. The dialog replaces it once the app is running.
    return (
      <details className={cn('open:z-10 open:right-2', className)}>
        <summary aria-label={name} className={cn(MARK_CLASS, 'w-fit cursor-pointer list-none [&::-webkit-details-marker]:hidden')}>
          {label}
        </summary>
        <div className="mt-2 rounded-xl border border-border bg-paper p-4 text-left shadow-lg">
          <p className="font-serif text-lg font-medium leading-snug text-ink">{itemTitle}</p>
          <p className="mt-1 text-sm text-muted-foreground">{DESCRIPTION}</p>
          <CredentialFacts {...facts} stacked />
        </div>
      </details>
    );
  }
  return (
    <Dialog>
      <DialogTrigger
        // Named for its piece, as a grid has one per item; the visible words start the name.
        aria-label={name}
        className={cn(MARK_CLASS, className)}
      >
        {label}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <p className="flex items-center gap-2 font-sans text-xs font-semibold uppercase tracking-[0.12em] text-muted-foreground">
            <CrGlyph className="size-5 text-ink" />
            {CONTENT_CREDENTIALS_MESSAGES.mark}
          </p>
          <DialogTitle>{itemTitle}</DialogTitle>
          <DialogDescription>{DESCRIPTION}</DialogDescription>
        </DialogHeader>
        <CredentialFacts {...facts} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * When the claim was made: its checked time-stamp, or else the date its actions state, which only the file vouches
 * for and is labelled so (decision 227).
 */
const dateOf = ({ signedAt, statedAt }: ContentCredentials): string => {
  if (signedAt) return formatLongDateTimeUtc(signedAt);
  return statedAt ? `${CONTENT_CREDENTIALS_MESSAGES.statedDate} ${formatLongDateTimeUtc(statedAt)} (not verified)` : 'Not stated';
};

/** The claim's tool, recorder, date, signer and steps, as the dialog and the no-script disclosure both show them. */
function CredentialFacts({ tool, credentials, stacked = false }: { tool: string | null; credentials: ContentCredentials; stacked?: boolean }) {
  return (
    <dl className={stacked ? 'mt-2' : undefined}>
      <Row term="Made with" stacked={stacked}>{tool ?? credentials.generator}</Row>
      {tool ? <Row term="Recorded by" stacked={stacked}>{credentials.generator}</Row> : null}
      <Row term="Date" stacked={stacked}>{dateOf(credentials)}</Row>
      {credentials.signer ? (
        <Row term="Signed by" stacked={stacked}>
          {credentials.issuer && credentials.issuer !== credentials.signer ? `${credentials.signer}, certified by ${credentials.issuer}` : credentials.signer}
        </Row>
      ) : null}
      {credentials.actions.length > 0 ? <Row term="Steps" stacked={stacked}>{credentials.actions.map(describeAction).join(', ')}</Row> : null}
      {credentials.aiDeclared ? <Row term="Declares" stacked={stacked}>Generative AI</Row> : null}
    </dl>
  );
}
