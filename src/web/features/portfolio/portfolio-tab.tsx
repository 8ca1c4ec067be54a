import { EmptyState, ErrorState } from '../../components/list-states';
import { Skeleton } from '../../components/ui/skeleton';
import { AddPortfolioItemDialog } from './add-portfolio-item-dialog';
import { PortfolioCard } from './portfolio-card';
import { useOwnPortfolio } from './portfolio-api';

export function PortfolioTab() {
  const portfolio = useOwnPortfolio();
  return (
    <section aria-labelledby="portfolio-heading" className="grid gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="portfolio-heading" className="text-3xl">
            Portfolio
          </h2>
          <p className="mt-2 max-w-2xl text-muted-foreground">Your best finished work. The first three pieces lead your card in the marketplace.</p>
        </div>
        {portfolio.data && portfolio.data.length > 0 ? <AddPortfolioItemDialog /> : null}
      </div>
      {portfolio.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="aspect-[4/3] rounded-2xl" />
          ))}
        </div>
      ) : portfolio.isError ? (
        <ErrorState message="We couldn't load your portfolio. Please try again." onRetry={() => void portfolio.refetch()} />
      ) : portfolio.data.length === 0 ? (
        <EmptyState
          title="No portfolio items yet"
          description="Add three to six finished pieces that show your range. Reviewers and clients look here first."
          action={<AddPortfolioItemDialog triggerLabel="Add your first piece" />}
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {portfolio.data.map((item) => (
            <li key={item.id} className="flex">
              <PortfolioCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
