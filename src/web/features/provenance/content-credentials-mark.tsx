import type { ContentCredentials } from '../../../domain/content-credentials';
import { CONTENT_CREDENTIALS_MESSAGES, describeAction } from '../../../domain/content-credentials-copy';
import { cn } from '../../lib/utils';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { formatLongDateTimeUtc } from '../../../domain/dates';


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

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-3 border-t border-border py-2.5 first:border-t-0">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="min-w-0 wrap-anywhere text-sm text-ink">{children}</dd>
    </div>
  );
}

/**
 * A small 'Content Credentials' mark for an item whose file carried a valid C2PA manifest at upload. It is a
 * button (keyboard reachable, named for the piece) that opens a dialog with the claim's tool, signer and date.
 * Nothing shows for a file without credentials, or with a claim that did not verify.
 */
export function ContentCredentialsMark({
  credentials,
  itemTitle,
  className,
  compactOnPhone = false,
}: {
  credentials: ContentCredentials | null | undefined;
  itemTitle: string;
  className?: string;
  /** Only the glyph below the small breakpoint, where the words would cover a thumbnail. */
  compactOnPhone?: boolean;
}) {
  if (!credentials?.valid) return null;
  const tool = credentials.tool && credentials.tool !== credentials.generator ? credentials.tool : null;
  return (
    <Dialog>
      <DialogTrigger
        // Named for its piece, as a grid has one per item; the visible words start the name.
        aria-label={`${CONTENT_CREDENTIALS_MESSAGES.mark} of ${itemTitle}`}
        className={cn(
          'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-border bg-paper/95 min-h-7 px-2.5 py-1 text-xs font-medium text-ink shadow-sm transition-colors duration-150 hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring motion-reduce:transition-none',
          className,
        )}
      >
        <CrGlyph />
        <span className={compactOnPhone ? 'max-sm:sr-only' : undefined}>{CONTENT_CREDENTIALS_MESSAGES.mark}</span>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <p className="flex items-center gap-2 font-sans text-xs font-semibold uppercase tracking-[0.12em] text-muted-foreground">
            <CrGlyph className="size-5 text-ink" />
            {CONTENT_CREDENTIALS_MESSAGES.mark}
          </p>
          <DialogTitle>{itemTitle}</DialogTitle>
          <DialogDescription>
            The file carried a signed record of how it was made (a C2PA manifest) when it was uploaded. Its signature and the file matched.
          </DialogDescription>
        </DialogHeader>
        <dl>
          <Row term="Made with">{tool ?? credentials.generator}</Row>
          {tool ? <Row term="Recorded by">{credentials.generator}</Row> : null}
          <Row term="Date">{credentials.signedAt ? formatLongDateTimeUtc(credentials.signedAt) : 'Not stated'}</Row>
          {credentials.signer ? <Row term="Signed by">{credentials.issuer && credentials.issuer !== credentials.signer ? `${credentials.signer}, certified by ${credentials.issuer}` : credentials.signer}</Row> : null}
          {credentials.actions.length > 0 ? <Row term="Steps">{credentials.actions.map(describeAction).join(', ')}</Row> : null}
          {credentials.aiDeclared ? <Row term="Declares">Generative AI</Row> : null}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
