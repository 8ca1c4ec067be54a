// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import '../test/jsdom-shims';
import { SealBadge } from './seal-badge';
import { TooltipProvider } from './ui/tooltip';

afterEach(cleanup);

describe('SealBadge', () => {
  it('is named for assistive tech and explains itself on keyboard focus', async () => {
    render(
      <TooltipProvider delayDuration={0}>
        <SealBadge />
      </TooltipProvider>,
    );

    const seal = screen.getByRole('img', { name: 'Verified Human Creator' });
    expect(seal.tabIndex).toBe(0);

    act(() => seal.focus());
    fireEvent.focus(seal);

    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toContain('Verified Human Creator');
    expect(tooltip.textContent).toContain('This creator has completed 3+ verified projects with documented process work');
  });
});
