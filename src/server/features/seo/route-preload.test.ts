import { describe, expect, it } from 'vitest';
import { routePreloads } from './route-preload';

const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-1.js' },
  'pages/home-page.tsx': { file: 'assets/home-1.js', imports: ['_react.js', '_blocks.js'] },
  '_blocks.js': { file: 'assets/blocks-1.js', imports: ['_react.js'] },
  'components/layout/query-layout.tsx': { file: 'assets/query-layout-1.js', imports: ['_query.js'] },
  '_query.js': { file: 'assets/query-1.js' },
  'pages/studio-page.tsx': { file: 'assets/studio-1.js', imports: ['_blocks.js'] },
};

describe('routePreloads', () => {
  it("lists a route's chunks and their shared imports, without what the entry already loads", () => {
    expect(routePreloads('/', manifest)).toEqual(['/assets/home-1.js', '/assets/blocks-1.js']);
    expect(routePreloads('/studio/abc', manifest)).toEqual(['/assets/query-layout-1.js', '/assets/query-1.js', '/assets/studio-1.js', '/assets/blocks-1.js']);
  });

  it('preloads nothing for unknown routes or without a build', () => {
    expect(routePreloads('/dashboard-admin', manifest)).toEqual([]);
    expect(routePreloads('/', null)).toEqual([]);
  });
});
