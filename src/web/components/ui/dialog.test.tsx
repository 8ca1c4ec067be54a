// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

afterEach(cleanup);

/** A dialog opened from state, as a card's link or a row's button opens one: there is no <DialogTrigger>. */
function OpenedFromState() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Contact Aiyana
      </button>
      <button type="button">Something else</button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Contact</DialogTitle>
          <DialogDescription>Write to Aiyana.</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * A card whose action, once confirmed, changes the card: the button that opened the dialog is gone, right away or
 * when the list answers a moment later.
 */
function CardWithAction({ replaceAfterMs }: { replaceAfterMs: number | null }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const confirm = () => {
    setOpen(false);
    if (replaceAfterMs === null) setDone(true);
    else setTimeout(() => setDone(true), replaceAfterMs);
  };
  return (
    <ul>
      <li>
        <h3>Wordmark for a bakery</h3>
        {done ? (
          <p>Approved</p>
        ) : (
          <button type="button" onClick={() => setOpen(true)}>
            Approve
          </button>
        )}
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent>
            <DialogTitle>Approve this milestone?</DialogTitle>
            <DialogDescription>It cannot be undone.</DialogDescription>
            <button type="button" onClick={confirm}>
              Yes, approve
            </button>
          </DialogContent>
        </Dialog>
      </li>
    </ul>
  );
}

const confirmFromCard = async () => {
  const opener = screen.getByRole('button', { name: 'Approve' });
  opener.focus();
  fireEvent.click(opener);
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, approve' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
};

describe('DialogContent', () => {
  it('puts focus on the card’s heading when the button that opened it is gone as it closes', async () => {
    render(<CardWithAction replaceAfterMs={null} />);
    await confirmFromCard();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Wordmark for a bakery' })));
  });

  it('…and when the button goes a moment after it closed (the list answered later)', async () => {
    render(<CardWithAction replaceAfterMs={50} />);
    await confirmFromCard();
    await screen.findByText('Approved');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Wordmark for a bakery' })));
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });


  it('gives focus back to what opened it when it closes, though it was opened from state', async () => {
    render(<OpenedFromState />);
    const opener = screen.getByRole('button', { name: 'Contact Aiyana' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('tells assistive tech it is modal, with its title and description (decision 205)', async () => {
    render(<OpenedFromState />);
    fireEvent.click(screen.getByRole('button', { name: 'Contact Aiyana' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contact', description: 'Write to Aiyana.' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
  });
});
