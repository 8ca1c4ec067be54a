import { useQuery } from '@tanstack/react-query';
import { AI_TRAINING_CRAWLERS, aiPolicyQueryKey } from '../../domain/ai-policy';
import type { AiPolicyStatus } from '../../domain/settings-schemas';
import { PageIntro } from '../components/page-intro';
import { Section, SectionHeading } from '../features/marketing/blocks';
import { apiFetch } from '../lib/api';
import { usePageTitle } from '../lib/use-page-title';

const fetchStatus = (signal: AbortSignal) => apiFetch<AiPolicyStatus>('/api/ai-policy', { signal });

const useAiPolicyStatus = () => useQuery({ queryKey: aiPolicyQueryKey, queryFn: ({ signal }) => fetchStatus(signal) });

function StatusNote() {
  const query = useAiPolicyStatus();
  if (!query.data) return null;
  return (
    <p role="status" className="mt-8 inline-flex items-center gap-3 rounded-2xl border border-border bg-surface px-5 py-2 text-base text-foreground">
      <span aria-hidden="true" className={query.data.aiTrainingOptOut ? 'size-2 shrink-0 rounded-full bg-accent' : 'size-2 shrink-0 rounded-full bg-muted-foreground'} />
      {query.data.aiTrainingOptOut
        ? 'In force now: creators’ work on Humanmade is reserved from AI training.'
        : 'Paused by the platform: Humanmade is not sending these signals at the moment.'}
    </p>
  );
}

const SIGNALS = [
  {
    title: 'On every file',
    body: 'Portfolio images, profile pictures, process documents and deliverables are served with the TDMRep headers tdm-reservation: 1 and tdm-policy, which reserve text-and-data-mining rights under the EU copyright rules and point here.',
  },
  {
    title: 'On every studio',
    body: 'Each studio page carries the same reservation in its tdm-reservation and tdm-policy meta tags, and /.well-known/tdmrep.json lists every reserved path for tools that read the whole site.',
  },
  {
    title: 'In robots.txt',
    body: 'Crawlers that collect pages to train AI models are asked to stay out of studios and files. Search engines are not: studios stay easy to find.',
  },
] as const;

/** What robots.txt does with the crawlers: only while the reservation is in force (it sends nothing while paused). */
function CrawlersLead() {
  const paused = useAiPolicyStatus().data?.aiTrainingOptOut === false;
  return (
    <p>
      {paused
        ? 'While the reservation is in force, these user agents are refused studios and files in our robots.txt:'
        : 'These user agents are refused studios and files in our robots.txt:'}
    </p>
  );
}

export function AiPolicyPage() {
  usePageTitle('Not for AI training');
  return (
    <>
      <PageIntro eyebrow="Creators’ rights" title="Work made by people is not training data">
        <p>
          Everything a creator shows on Humanmade belongs to the person who made it. We do not license it to anyone for
          training AI models, and we tell the machines that read the web, in the ways they are built to understand.
        </p>
        <StatusNote />
      </PageIntro>

      <Section labelledBy="signals-heading" className="pt-0 md:pt-0">
        <SectionHeading id="signals-heading" eyebrow="How we say it" title="Three signals, on by default">
          <p>An admin can pause them for the whole platform; the change is recorded in the audit log.</p>
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {SIGNALS.map((signal) => (
            <li key={signal.title} className="rounded-3xl border border-border bg-surface p-8">
              <h3 className="text-2xl">{signal.title}</h3>
              <p className="mt-4 leading-relaxed text-muted-foreground">{signal.body}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section aria-labelledby="crawlers-heading" className="border-t border-border bg-surface">
        <div className="mx-auto grid max-w-6xl gap-10 px-5 py-20 sm:px-8 md:grid-cols-[1fr_1.2fr] md:gap-20">
          <h2 id="crawlers-heading" className="text-4xl">
            Crawlers we turn away
          </h2>
          <div className="space-y-5 text-lg leading-relaxed text-muted-foreground">
            <CrawlersLead />
            <ul className="flex flex-wrap gap-2" aria-label="AI-training crawlers">
              {AI_TRAINING_CRAWLERS.map((crawler) => (
                <li key={crawler} className="rounded-full border border-border bg-background px-3 py-1 font-mono text-sm text-foreground">
                  {crawler}
                </li>
              ))}
            </ul>
            <p>
              A signal is a request, not a lock: a crawler that ignores it is breaking the terms it was given. If you
              believe your work from Humanmade was used to train a model, write to us from the contact page.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
