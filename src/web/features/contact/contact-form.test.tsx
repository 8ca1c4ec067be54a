// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import '../../../../test/web/jsdom-shims';
import { stubFetch } from '../../../../test/web/render-app';
import { ContactForm } from './contact-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderForm = () =>
  render(
    <MemoryRouter initialEntries={['/contact']}>
      <ContactForm
        formName="contact"
        idPrefix="t"
        endpoint="/api/contact"
        successMessage="Thank you for reaching out. We'll be in touch shortly."
        failureMessage="Error submitting form"
      />
      <Toaster />
    </MemoryRouter>,
  );

describe('ContactForm', () => {
  it('validates with the spec messages before sending anything', async () => {
    const fetchMock = stubFetch({});
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'm'.repeat(1001) } });
    expect(await screen.findByText('Message must be less than 1000 characters')).toBeTruthy();
    expect(screen.getByText('1001/1000')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("counts live, shows 'Sending...', sends the honeypot empty, and thanks the visitor", async () => {
    let release: () => void = () => undefined;
    const fetchMock = vi.fn<typeof fetch>(
      () => new Promise((resolve) => (release = () => resolve(new Response(JSON.stringify({ ok: true }), { status: 201 })))),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Grace' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'grace@example.com' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello there' } });
    expect(screen.getByText('11/1000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeTruthy();
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, string>;
    expect(body).toEqual({ name: 'Grace', email: 'grace@example.com', message: 'Hello there', website: '' });
    release();
    expect(await screen.findByText("Thank you for reaching out. We'll be in touch shortly.")).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe(''));
  });

  it("shows the server's message, or 'Error submitting form' when there is none", async () => {
    stubFetch({ 'POST /api/contact': { status: 500, body: { error: 'internal_error', message: '' } } });
    renderForm();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Grace' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'grace@example.com' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Error submitting form')).toBeTruthy();
  });
});
