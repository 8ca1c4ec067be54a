import { CreatorBalancePanel } from '../payments/creator-balance';

/** The creator's money: the mind's Earnings tab and the maker's, both read from the ledger (decision 172). */
export function EarningsTab() {
  return (
    <section aria-labelledby="earnings-heading" className="grid grid-cols-1 gap-6">
      <div>
        <h2 id="earnings-heading" className="text-3xl">
          Earnings
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Clients fund each milestone when it starts, and the money is held in escrow; each milestone shows whether it is funded yet. When they approve the work it becomes available to you, less the platform fee.
        </p>
      </div>
      <CreatorBalancePanel />
    </section>
  );
}
