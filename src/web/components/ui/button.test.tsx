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

describe('Button asChild', () => {
  it('styles its child instead of rendering a button, and merges what both are given', () => {
    const calls: string[] = [];
    const buttonRef = { current: null as unknown };
    const childRef = { current: null as unknown };
    render(
      <Button
        asChild
        size="sm"
        className="w-full"
        ref={buttonRef as never}
        onClick={() => calls.push('button')}
        style={{ color: 'red', margin: '1px' }}
        title="from the button"
      >
        <a href="/somewhere" className="extra" ref={childRef as never} onClick={() => calls.push('link')} style={{ color: 'blue' }} title="from the link">
          Go
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Go' });
    expect(screen.queryByRole('button')).toBeNull();
    expect(link.getAttribute('href')).toBe('/somewhere');
    // The button's classes, its own className, then the child's.
    expect(link.className).toContain('h-9');
    expect(link.className).toContain('w-full');
    expect(link.className.endsWith(' extra')).toBe(true);
    // The child's own props win; styles merge, the child's first in line.
    expect(link.getAttribute('title')).toBe('from the link');
    expect(link.style.color).toBe('blue');
    expect(link.style.margin).toBe('1px');
    link.addEventListener('click', (event) => event.preventDefault());
    link.click();
    expect(calls).toEqual(['link', 'button']);
    expect(buttonRef.current).toBe(link);
    expect(childRef.current).toBe(link);
  });
});
