// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import '../../../test/web/jsdom-shims';
import { SealBadge } from './seal-badge';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SealBadge', () => {
  it('is named for assistive tech and explains itself on keyboard focus, until Escape or leaving', () => {
    render(<SealBadge />);
    const seal = screen.getByRole('img', { name: 'Verified Human Creator' });
    expect(seal.tabIndex).toBe(0);
    expect(screen.queryByRole('tooltip')).toBeNull();

    act(() => seal.focus());
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toContain('Verified Human Creator');
    expect(tooltip.textContent).toContain('This creator has completed 3+ verified projects with documented process work');
    // The badge is described by it while it shows, and it sits on the page's body, above whatever holds the badge.
    expect(seal.getAttribute('aria-describedby')).toBe(tooltip.id);
    expect(tooltip.parentElement).toBe(document.body);

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(seal.hasAttribute('aria-describedby')).toBe(false);

    act(() => seal.focus());
    act(() => seal.blur());
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens when a mouse rests on it, not when it only passes, and closes when it leaves', () => {
    vi.useFakeTimers();
    render(<SealBadge />);
    const seal = screen.getByRole('img', { name: 'Verified Human Creator' });
    fireEvent.pointerEnter(seal, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.pointerLeave(seal, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('tooltip')).toBeNull();

    fireEvent.pointerEnter(seal, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(250));
    expect(screen.getByRole('tooltip')).toBeTruthy();
    fireEvent.pointerLeave(seal, { pointerType: 'mouse' });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
