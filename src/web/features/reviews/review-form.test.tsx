// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ProjectReviewState } from '../../../domain/review-schemas';
import { ApiError } from '../../lib/api';
import { resetBetweenTests } from '../../../../test/web/reset-between-tests';
import { ReviewForm } from './review-form';

resetBetweenTests();

const state = (side: 'client' | 'creator'): ProjectReviewState => ({
  projectId: 'project-1',
  status: 'open',
  closesAt: null,
  side,
  otherName: 'Mara Maker',
  mine: null,
  theirs: null,
});

describe('ReviewForm', () => {
  it('refused before sending: focus goes to the first field with an error', async () => {
    let sent = 0;
    render(<ReviewForm state={state('client')} onSubmit={async () => void (sent += 1)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save review' }));
    // The overall rating is the first field; its first star takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('radio', { name: '1 star' })[0]));
    expect(sent).toBe(0);
  });

  it('refused by the server: focus goes to the field it names', async () => {
    render(
      <ReviewForm
        state={state('creator')}
        onSubmit={async () => {
          throw new ApiError(400, { error: 'validation_error', message: 'Please check the form', fields: { body: 'Say a little more' } });
        }}
      />,
    );
    fireEvent.click(screen.getAllByRole('radio', { name: '5 stars' })[0]);
    const text = screen.getByRole('textbox');
    fireEvent.change(text, { target: { value: 'A fine client to work with.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save review' }));
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect(screen.getByText('Say a little more')).toBeTruthy();
  });

  it('counts what the server counts: an emoji is one character, a zero-width space none', () => {
    render(<ReviewForm state={state('creator')} onSubmit={async () => undefined} />);
    fireEvent.change(screen.getByRole('textbox'), { target: { value: `${'😀'.repeat(4)}\u200b` } });
    expect(screen.getByText(/characters \(4 so far\)/)).toBeTruthy();
  });
});
