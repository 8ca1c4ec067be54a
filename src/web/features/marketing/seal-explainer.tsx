import { SealArtwork } from '../../components/seal-artwork';
import { SEAL_TOOLTIP } from '../../../domain/marketplace';

/** What the Seal is and how a Maker earns it, beside its large artwork. */
export function SealExplainer() {
  return (
    <section aria-labelledby="seal-heading" className="border-y border-border bg-surface">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-5 py-20 sm:px-8 md:grid-cols-[1fr_1.3fr] md:gap-20 md:py-28">
        <SealArtwork className="mx-auto w-56 sm:w-64 md:w-full md:max-w-xs" />
        <div>
          <p className="eyebrow text-accent-strong">The Seal</p>
          <h2 id="seal-heading" className="mt-4 text-4xl sm:text-5xl">
            Earn the Seal
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-muted-foreground">
            The Seal is our hallmark for human craft. It appears on your card, your studio and your dashboard, and
            clients can filter the marketplace for it.
          </p>
          <figure className="mt-8 border-l-2 border-accent pl-5">
            <p className="font-serif text-xl">{SEAL_TOOLTIP.title}</p>
            <figcaption className="mt-1 text-muted-foreground">{SEAL_TOOLTIP.description}</figcaption>
          </figure>
          <p className="mt-8 leading-relaxed text-muted-foreground">
            Complete three projects, upload the screenshots and notes that show your process on each, and our team
            will review them and award the Seal.
          </p>
        </div>
      </div>
    </section>
  );
}
