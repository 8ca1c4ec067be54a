// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderApp, signedOut, stubFetch } from '../../../../test/web/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const noCreators = { status: 200, body: { creators: [], nextCursor: null, total: 0 } };

describe('the directory when it lists nobody', { timeout: 20000 }, () => {
  it('says a search found no matches, and links back to every creator (a plain link, so it works without scripts)', async () => {
    stubFetch({ 'GET /api/account/me': signedOut, 'GET /api/marketplace/creators?q=nobody&role=maker&sort=rating': noCreators });
    renderApp('/marketplace?q=nobody&role=maker&sort=rating');
    expect(await screen.findByText('No creators found matching your filters')).toBeTruthy();
    expect(screen.queryByText('No creators available at the moment')).toBeNull();
    // The sort is kept: it orders the directory and narrows nothing.
    expect(screen.getByRole('link', { name: 'Clear filters' }).getAttribute('href')).toBe('/marketplace?sort=rating');
  });

  it('keeps the spec’s words for a directory that is empty with no filters', async () => {
    stubFetch({ 'GET /api/account/me': signedOut, 'GET /api/marketplace/creators': noCreators });
    renderApp('/marketplace');
    expect(await screen.findByText('No creators available at the moment')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Clear filters' })).toBeNull();
  });
});

describe('a ranking that ends before its count', { timeout: 20000 }, () => {
  const creator = { id: 'c1', role: 'maker', name: 'Ada Careful', bio: null, avatarUrl: null, sealStatus: 'none', categories: [], portfolio: [], matchedField: 'bio' };

  it('says it holds the closest matches and links to every match, newest first, the filters kept', async () => {
    stubFetch({
      'GET /api/account/me': signedOut,
      'GET /api/marketplace/creators?q=careful&role=maker&cursor=cjI4OA': {
        status: 200,
        body: { creators: [creator], nextCursor: null, total: 1000, totalCapped: true, rankedUpTo: 300 },
      },
    });
    renderApp('/marketplace?q=careful&role=maker&cursor=cjI4OA');
    expect(await screen.findByText(/These are the 300 closest matches\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See every match, newest first' }).getAttribute('href')).toBe('/marketplace?q=careful&role=maker&sort=newest');
    // Reached from a later page: the way back opens at the results, as 'Load more' does.
    expect(screen.getByRole('link', { name: 'Back to the first creators' }).getAttribute('href')).toBe('/marketplace?q=careful&role=maker#directory-results');
    expect(document.getElementById('directory-results')?.textContent).toBe('Over 1,000 verified creators');
  });

  it('says nothing when the list holds every match', async () => {
    stubFetch({
      'GET /api/account/me': signedOut,
      'GET /api/marketplace/creators?q=careful': { status: 200, body: { creators: [creator], nextCursor: null, total: 1 } },
    });
    renderApp('/marketplace?q=careful');
    expect(await screen.findByText('Ada Careful')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'See every match, newest first' })).toBeNull();
  });
});
