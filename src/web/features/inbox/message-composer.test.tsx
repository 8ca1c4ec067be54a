// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CONVERSATION_MESSAGES, MESSAGE_MAX_LENGTH } from '../../../domain/conversation-schemas';
import { RESOURCE_MESSAGES } from '../../../domain/messages';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { MessageComposer } from './message-composer';

afterEach(cleanup);

describe('MessageComposer', () => {
  it('never cuts a long message short: it counts near the limit and refuses over it, with the server’s message', () => {
    const onSend = vi.fn(async () => undefined);
    render(<MessageComposer onSend={onSend} label="Message Aiyana" />);
    const box = screen.getByLabelText('Message Aiyana');
    expect(box.getAttribute('maxlength')).toBeNull();

    fireEvent.change(box, { target: { value: 'a'.repeat(4000) } });
    expect(screen.queryByText(/\/ 5,000/)).toBeNull();
    fireEvent.change(box, { target: { value: 'a'.repeat(4620) } });
    expect(screen.getByText('4,620 / 5,000')).toBeTruthy();

    fireEvent.change(box, { target: { value: 'a'.repeat(MESSAGE_MAX_LENGTH + 12) } });
    expect(screen.getByText('5,012 / 5,000 · 12 over')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Send/ }));
    expect(screen.getByRole('alert').textContent).toBe(CONVERSATION_MESSAGES.bodyTooLong);
    expect(onSend).not.toHaveBeenCalled();
    // Shortened, the message is fine again at once.
    fireEvent.change(box, { target: { value: 'a'.repeat(MESSAGE_MAX_LENGTH) } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes the “write a message” error away as soon as there is text', () => {
    render(<MessageComposer onSend={vi.fn(async () => undefined)} label="Message Aiyana" />);
    fireEvent.click(screen.getByRole('button', { name: /Send/ }));
    expect(screen.getByRole('alert').textContent).toBe(CONVERSATION_MESSAGES.bodyRequired);
    fireEvent.change(screen.getByLabelText('Message Aiyana'), { target: { value: 'Hello' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('MessageComposer when the server is out of room', () => {
  it('says the storage is full inline and as a toast, and keeps the draft to send again', async () => {
    const toastError = vi.spyOn(toast, 'error').mockImplementation(() => '');
    const onSend = vi.fn(async () => {
      throw new ApiError(507, { error: 'storage_full', message: RESOURCE_MESSAGES.storageFull });
    });
    render(<MessageComposer onSend={onSend} label="Message Aiyana" />);
    fireEvent.change(screen.getByLabelText('Message Aiyana'), { target: { value: 'The sketches, attached' } });
    fireEvent.click(screen.getByRole('button', { name: /Send/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(RESOURCE_MESSAGES.storageFull);
    expect(toastError).toHaveBeenCalledWith('Your message could not be sent. Please try again.', { description: RESOURCE_MESSAGES.storageFull });
    expect((screen.getByLabelText('Message Aiyana') as HTMLTextAreaElement).value).toBe('The sketches, attached');
    toastError.mockRestore();
  });
});
