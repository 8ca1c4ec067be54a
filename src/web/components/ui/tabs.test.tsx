// @vitest-environment jsdom
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';
import '../../../../test/web/jsdom-shims';

afterEach(cleanup);

/**
 * jsdom has no layout. A small one for these tests: the tab list is LIST_WIDTH wide and each tab TAB_WIDTH, laid
 * side by side from the list's left edge and moved by its scrollLeft (clamped, as a browser clamps it).
 */
const LIST_WIDTH = 300;
const TAB_WIDTH = 100;
const scrollLefts = new WeakMap<Element, number>();
const isList = (element: Element) => element.getAttribute('role') === 'tablist';
const tabCount = (list: Element) => list.querySelectorAll('[role="tab"]').length;
const rect = (left: number, width: number) => ({ left, right: left + width, width, top: 0, bottom: 36, height: 36, x: left, y: 0, toJSON: () => ({}) }) as DOMRect;
const saved = new Map<string, PropertyDescriptor | undefined>();
const override = (name: string, descriptor: PropertyDescriptor) => {
  saved.set(name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));
  Object.defineProperty(HTMLElement.prototype, name, { configurable: true, ...descriptor });
};

let listWidth = LIST_WIDTH;
beforeAll(() => {
  override('clientWidth', { get(this: HTMLElement) { return isList(this) ? listWidth : 0; } });
  override('scrollWidth', { get(this: HTMLElement) { return isList(this) ? Math.max(listWidth, tabCount(this) * TAB_WIDTH) : 0; } });
  override('scrollLeft', {
    get(this: HTMLElement) { return scrollLefts.get(this) ?? 0; },
    set(this: HTMLElement, value: number) {
      const max = Math.max(0, this.scrollWidth - this.clientWidth);
      scrollLefts.set(this, Math.min(max, Math.max(0, value)));
    },
  });
  override('getBoundingClientRect', {
    value(this: HTMLElement) {
      if (isList(this)) return rect(0, listWidth);
      const list = this.closest('[role="tablist"]');
      if (this.getAttribute('role') !== 'tab' || !list) return rect(0, 0);
      const index = [...list.querySelectorAll('[role="tab"]')].indexOf(this);
      return rect(index * TAB_WIDTH - list.scrollLeft, TAB_WIDTH);
    },
  });
});
afterAll(() => {
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  }
});
afterEach(() => {
  listWidth = LIST_WIDTH;
});

const SECTIONS = ['Applications', 'Seal', 'Provenance', 'Users', 'Projects', 'Payments'];

function Sections({ initial = 'applications', className }: { initial?: string; className?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <Tabs value={value} onValueChange={setValue}>
        <TabsList aria-label="Admin sections" className={className}>
          {SECTIONS.map((label) => (
            <TabsTrigger key={label} value={label.toLowerCase()}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {SECTIONS.map((label) => (
          <TabsContent key={label} value={label.toLowerCase()}>
            {label} panel
          </TabsContent>
        ))}
      </Tabs>
      <button type="button" onClick={() => setValue('applications')}>
        Back to the first
      </button>
    </>
  );
}

const list = () => screen.getByRole('tablist', { name: 'Admin sections' });
const fade = (edge: 'start' | 'end') => list().parentElement!.querySelector<HTMLElement>(`[data-tabs-fade="${edge}"]`)!;
const shows = (element: HTMLElement) => element.dataset.visible === 'true' && element.className.includes('opacity-100');

describe('TabsList', () => {
  it('keeps to one line that scrolls sideways, even when a page asks the row to wrap', () => {
    render(<Sections className="w-full sm:flex-wrap" />);
    expect(list().className).toContain('overflow-x-auto');
    expect(list().className).toContain('flex-nowrap!');
    expect(list().className).toContain('sm:flex-wrap');
  });

  it('fades only the edges that hide tabs, as the row scrolls', () => {
    render(<Sections />);
    // 600 px of tabs in 300: more lie past the end, none before the start.
    expect(shows(fade('start'))).toBe(false);
    expect(shows(fade('end'))).toBe(true);
    expect(fade('end').getAttribute('aria-hidden')).toBe('true');

    act(() => {
      list().scrollLeft = 150;
      fireEvent.scroll(list());
    });
    expect(shows(fade('start'))).toBe(true);
    expect(shows(fade('end'))).toBe(true);

    act(() => {
      list().scrollLeft = 300;
      fireEvent.scroll(list());
    });
    expect(shows(fade('start'))).toBe(true);
    expect(shows(fade('end'))).toBe(false);
  });

  it('shows no fade when every tab fits', () => {
    listWidth = 800;
    render(<Sections />);
    expect(shows(fade('start'))).toBe(false);
    expect(shows(fade('end'))).toBe(false);
  });

  it('scrolls the selected tab into view on mount, clear of the fade (a page opened at ?tab=users)', () => {
    render(<Sections initial="users" />);
    // Users is the fourth tab, at 300–400 px: it is brought in so its right edge sits 48 px inside the list.
    const users = screen.getByRole('tab', { name: 'Users' });
    expect(users.getAttribute('aria-selected')).toBe('true');
    expect(list().scrollLeft).toBe(400 - (LIST_WIDTH - 48));
    expect(shows(fade('start'))).toBe(true);
  });

  it('scrolls a newly selected tab into view, by the arrow keys and when the page changes the value', async () => {
    render(<Sections />);
    expect(list().scrollLeft).toBe(0);
    const tab = (name: string) => screen.getByRole('tab', { name });
    tab('Applications').focus();
    // The arrow keys still move the selection (Radix's roving focus, automatic activation).
    for (const name of ['Seal', 'Provenance', 'Users']) {
      fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
      // Radix moves focus on the next task.
      await waitFor(() => expect(document.activeElement).toBe(tab(name)));
    }
    await act(async () => {});
    expect(tab('Users').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Users panel')).toBeTruthy();
    expect(list().scrollLeft).toBe(400 - (LIST_WIDTH - 48));

    fireEvent.click(screen.getByRole('button', { name: 'Back to the first' }));
    await act(async () => {});
    expect(tab('Applications').getAttribute('aria-selected')).toBe('true');
    expect(list().scrollLeft).toBe(0);
  });

  it('scrolls on by most of its width when a mouse clicks a fade (the fades stay out of the Tab order and the tree)', () => {
    render(<Sections />);
    expect(fade('end').tabIndex).toBe(-1);
    expect(fade('end').closest('[aria-hidden="true"]')).toBe(fade('end'));
    act(() => {
      fireEvent.click(fade('end'));
      fireEvent.scroll(list());
    });
    expect(list().scrollLeft).toBe(Math.round(LIST_WIDTH * 0.7));
    expect(shows(fade('start'))).toBe(true);
    act(() => {
      fireEvent.click(fade('start'));
      fireEvent.scroll(list());
    });
    expect(list().scrollLeft).toBe(0);
  });
});
