// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { DollarField } from './dollar-field';

afterEach(cleanup);

const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

describe('DollarField', () => {
  it('announces its hint, and keeps the hint beside the error when there is one', () => {
    const { rerender } = render(<DollarField id="amount" label="Amount (US dollars)" hint="At least $1." value="5" onChange={() => undefined} />);
    const input = screen.getByLabelText('Amount (US dollars)');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(describedBy(input)).toEqual(['At least $1.']);

    rerender(<DollarField id="amount" label="Amount (US dollars)" hint="At least $1." error="Too much" value="5" onChange={() => undefined} />);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toEqual(['At least $1.', 'Too much']);
  });
});
