// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { CreatorBalance } from '../../../domain/payment-schemas';
import { AppProviders } from '../../app-providers';
import { stubFetch } from '../../../../test/web/render-app';
import { resetBetweenTests } from '../../../../test/web/reset-between-tests';
import { CreatorStats } from './creator-stats';
import '../../../../test/web/jsdom-shims';

resetBetweenTests();

const balance: CreatorBalance = {
  provider: 'manual',
  availableCents: 112209030,
  inEscrowCents: 0,
  pendingPayoutCents: 0,
  paidOutCents: 50000,
  earnedCents: 112259030,
  payouts: [],
  connect: 'not_applicable',
};

describe('the earnings card', () => {
  it('keeps each balance with its label, on a row that can wrap, so a large amount stays inside a phone-width card', async () => {
    stubFetch({ 'GET /api/payments/balance': { status: 200, body: balance } });
    render(
      <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <CreatorStats role="mind" summary={undefined} isLoading={false} />
      </AppProviders>,
    );
    const card = (await screen.findByText('Total Earnings')).closest('div')!.parentElement!;
    expect(await within(card).findByText('$1,122,590.30')).toBeTruthy();
    for (const [label, amount] of [
      ['Available', '$1,122,090.30'],
      ['In escrow', '$0.00'],
      ['Paid out', '$500.00'],
    ]) {
      const term = within(card).getByText(label);
      expect(term.nextElementSibling?.textContent).toBe(amount);
      // Label and amount share a wrapping row: when both do not fit, the amount moves under its label, not out of the card.
      expect(term.parentElement?.className).toContain('flex-wrap');
      expect(term.nextElementSibling?.className).toContain('ml-auto');
    }
  });
});
