// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

describe('DialogContent', () => {
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
});
