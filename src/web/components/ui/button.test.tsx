// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Button } from './button';

afterEach(cleanup);

const Icon = () => <svg data-testid="icon" aria-hidden="true" />;

describe('Button busy', () => {
  it('is enabled, not busy, and shows its icon while idle', () => {
    render(<Button icon={<Icon />}>Send</Button>);
    const button = screen.getByRole('button', { name: 'Send' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(screen.queryByTestId('icon')).not.toBeNull();
    expect(button.querySelector('.animate-spin')).toBeNull();
  });

  it('is disabled and aria-busy, with the spinner in place of the icon, while busy', () => {
    render(
      <Button busy icon={<Icon />}>
        Send
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Send' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByTestId('icon')).toBeNull();
    expect(button.querySelector('svg.animate-spin[aria-hidden="true"]')).not.toBeNull();
  });

  it('stays disabled when asked, though not busy', () => {
    render(
      <Button disabled busy={false}>
        Save
      </Button>,
    );
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('aria-busy')).toBe(false);
  });
});
