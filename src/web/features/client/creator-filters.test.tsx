// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import '../../../../test/web/jsdom-shims';
import { CreatorFilters, type CreatorFilterValues } from './creator-filters';

afterEach(cleanup);

const base: CreatorFilterValues = { search: '', category: 'all', seal: 'all', sort: 'newest', minRating: 'any' };

describe("the Browse tab's sort", () => {
  it("reads 'Relevance' while a search is typed, which is how the list is then ordered, and 'Newest' without one", () => {
    const { rerender } = render(<CreatorFilters value={base} onChange={() => undefined} />);
    expect(screen.getByLabelText('Sort by').textContent).toBe('Newest');
    rerender(<CreatorFilters value={{ ...base, search: 'brand strategy' }} onChange={() => undefined} />);
    expect(screen.getByLabelText('Sort by').textContent).toBe('Relevance');
    rerender(<CreatorFilters value={{ ...base, search: 'brand strategy', sort: 'rating' }} onChange={() => undefined} />);
    expect(screen.getByLabelText('Sort by').textContent).toBe('Highest rated');
  });

  it('takes no more search than the API does', () => {
    render(<CreatorFilters value={base} onChange={() => undefined} />);
    expect(screen.getByLabelText<HTMLInputElement>('Search creators').maxLength).toBe(100);
  });
});
