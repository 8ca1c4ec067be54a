// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
// The region under test is Sonner's own; the test raises and clears its toasts directly.
// eslint-disable-next-line no-restricted-imports
import { toast } from 'sonner';
import { Toaster } from './toaster';
import '../../../../test/web/jsdom-shims';

afterEach(async () => {
  toast.dismiss();
  cleanup();
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
});

/** A page whose footer ends in a link, with the toast region after it, as in the app. */
function Page() {
  return (
    <>
      <a href="#main">Skip to content</a>
      <footer>
        <a href="/ai-policy">Not for AI training</a>
      </footer>
      <Toaster />
    </>
  );
}

const showToast = async () => {
  render(<Page />);
  act(() => {
    toast.success('Account created successfully!');
  });
  // This toast's item: one that an earlier test file dismissed may still be leaving (Sonner keeps toasts in module state).
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].find((toastItem) => toastItem.textContent?.includes('Account created successfully!'));
    expect(found).toBeDefined();
    return found!;
  });
  return { item, close: within(item).getByRole('button', { name: 'Close toast' }), footerLink: screen.getByRole('link', { name: 'Not for AI training' }) };
};

describe('Toaster', () => {
  it('lets Tab pass through a toast once: leaving it does not send focus back to the footer', async () => {
    const { item, close, footerLink } = await showToast();
    // Tab from the footer's last link into the toast, then its close button, as a browser would move focus.
    footerLink.focus();
    item.focus();
    close.focus();
    expect(document.activeElement).toBe(close);
    // Tab on, past the end of the page (into the browser's own controls): focus leaves and stays left.
    act(() => close.blur());
    expect(document.activeElement).not.toBe(footerLink);
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves focus where Shift+Tab or a click takes it after the toast', async () => {
    const { item, footerLink } = await showToast();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    footerLink.focus();
    item.focus();
    skip.focus();
    expect(document.activeElement).toBe(skip);
  });

  it('keeps Sonner’s return for the Alt+T hotkey: focus goes back to where the reader was', async () => {
    const { footerLink } = await showToast();
    footerLink.focus();
    fireEvent.keyDown(document, { altKey: true, code: 'KeyT', key: 't' });
    const list = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    expect(document.activeElement).toBe(list);
    act(() => list.blur());
    expect(document.activeElement).toBe(footerLink);
  });

  it('gives focus back to where it came from when the focused toast is closed', async () => {
    const { item, close, footerLink } = await showToast();
    footerLink.focus();
    item.focus();
    close.focus();
    fireEvent.click(close);
    await waitFor(() => expect(item.isConnected).toBe(false));
    await waitFor(() => expect(document.activeElement).toBe(footerLink));
  });

  it('does not pull focus back when a toast that was left by Tab later times out', async () => {
    const { item, close, footerLink } = await showToast();
    footerLink.focus();
    item.focus();
    close.focus();
    act(() => close.blur());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    act(() => {
      toast.dismiss();
    });
    await waitFor(() => expect(item.isConnected).toBe(false));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.activeElement).toBe(document.body);
  });
});
