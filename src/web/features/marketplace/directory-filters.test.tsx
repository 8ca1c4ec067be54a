// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import '../../../../test/web/jsdom-shims';
import type { DirectoryFilters } from '../../../domain/marketplace-directory';
import { filtersFromParams, filtersToParams } from '../../../domain/marketplace-directory';
import { marketplaceQuerySchema } from '../../../domain/marketplace-schemas';
import { DirectoryFiltersBar, type FiltersChange } from './directory-filters';

afterEach(cleanup);

const base: DirectoryFilters = { q: 'brand strategy', role: '', category: '', seal: false, sort: '', minRating: '' };

describe('the marketplace sort control', () => {
  it('is a labelled field of the GET form: relevance by default, newest when the address asks for it', () => {
    const { container, rerender } = render(<DirectoryFiltersBar filters={base} onChange={() => undefined} />);
    const form = container.querySelector('form');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.getAttribute('action')).toBe('/marketplace');
    const sort = screen.getByLabelText<HTMLSelectElement>('Sort by');
    expect(sort.name).toBe('sort');
    expect([...sort.options].map((option) => [option.value, option.textContent])).toEqual([
      ['', 'Relevance'],
      ['newest', 'Newest'],
      ['rating', 'Highest rated'],
    ]);
    expect(sort.value).toBe('');
    expect(new FormData(form!).get('sort')).toBe('');
    rerender(<DirectoryFiltersBar filters={{ ...base, sort: 'newest' }} onChange={() => undefined} />);
    expect(screen.getByLabelText<HTMLSelectElement>('Sort by').value).toBe('newest');
    rerender(<DirectoryFiltersBar filters={{ ...base, sort: 'rating', minRating: '4' }} onChange={() => undefined} />);
    expect(screen.getByLabelText<HTMLSelectElement>('Sort by').value).toBe('rating');
    const rating = screen.getByLabelText<HTMLSelectElement>('Rating');
    expect(rating.name).toBe('minRating');
    expect(rating.value).toBe('4');
  });

  it('applies a choice at once when the app runs', () => {
    const changes: FiltersChange[] = [];
    render(<DirectoryFiltersBar filters={base} onChange={(change) => changes.push(change)} />);
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'newest' } });
    expect(changes.at(-1)?.(base)).toEqual({ ...base, sort: 'newest' });
  });

  it('travels in the address, and only when chosen', () => {
    expect(filtersToParams(base).toString()).toBe('q=brand+strategy');
    expect(filtersToParams({ ...base, sort: 'newest' }).toString()).toBe('q=brand+strategy&sort=newest');
    expect(filtersFromParams(new URLSearchParams('q=x&sort=newest')).sort).toBe('newest');
    expect(filtersFromParams(new URLSearchParams('q=x&sort=relevance')).sort).toBe('');
  });
});

describe('the Seal Only toggle', () => {
  it('is unavailable with Role = Minds, who never hold the Seal, and explains why', () => {
    const { rerender } = render(<DirectoryFiltersBar filters={{ ...base, seal: true }} onChange={() => undefined} />);
    const toggle = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Seal Only' });
    expect(toggle.disabled).toBe(false);
    expect(toggle.checked).toBe(true);
    rerender(<DirectoryFiltersBar filters={{ ...base, role: 'mind' }} onChange={() => undefined} />);
    const off = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Seal Only' });
    expect(off.disabled).toBe(true);
    expect(off.checked).toBe(false);
    expect(document.getElementById(off.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Only makers hold the Seal, so this filter does not apply to minds.',
    );
  });

  it('reads Seal Only with Role = Minds as Minds alone, in the address as the server does', () => {
    // A form sent without scripts can carry the pair.
    expect(filtersFromParams(new URLSearchParams('role=mind&seal=1'))).toMatchObject({ role: 'mind', seal: false });
    expect(filtersFromParams(new URLSearchParams('role=maker&seal=1'))).toMatchObject({ role: 'maker', seal: true });
    expect(filtersToParams({ ...base, q: '', role: 'mind', seal: true }).toString()).toBe('role=mind');
    expect(filtersToParams({ ...base, q: '', seal: true }).toString()).toBe('seal=1');
  });
});

describe('a search from the address', () => {
  it('is cut to what the API takes, so a pasted long or odd one still lists creators', () => {
    const sent = (q: string) => filtersToParams(filtersFromParams(new URLSearchParams({ q })));
    const long = sent('a'.repeat(150));
    expect(long.get('q')).toBe('a'.repeat(100));
    expect(marketplaceQuerySchema.safeParse(Object.fromEntries(long)).success).toBe(true);
    // NUL, which the server refuses in any text, is dropped; the rest of the search stays.
    expect(sent('cla\0ra').get('q')).toBe('clara');
    // Never half an emoji: the 100th unit would be the first half of the pair.
    const emoji = sent(`${'b'.repeat(99)}🎨 and more`).get('q');
    expect(emoji).toBe('b'.repeat(99));
    expect(marketplaceQuerySchema.safeParse({ q: emoji }).success).toBe(true);
    expect(sent('   ').get('q')).toBeNull();
  });
});
