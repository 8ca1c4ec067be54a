import { CreatorDirectory } from '../features/marketplace/creator-directory';
import { MarketplaceSections } from '../features/marketplace/marketplace-sections';
import { usePageTitle } from '../lib/use-page-title';

export function MarketplacePage() {
  usePageTitle('Marketplace');
  return (
    <>
      <div className="mx-auto max-w-6xl px-5 pt-14 sm:px-8 md:pt-20">
        <p className="eyebrow text-accent-strong">Marketplace</p>
        <h1 className="mt-4 text-[2.75rem] leading-[1.05] sm:text-6xl">Search Creators</h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-muted-foreground">
          Makers and Minds whose applications our team has reviewed. Every creator listed here is a person whose work and
          process we have seen.
        </p>
        <div className="mt-10">
          <CreatorDirectory />
        </div>
      </div>
      <MarketplaceSections />
    </>
  );
}
