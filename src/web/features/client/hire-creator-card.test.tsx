// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { CreatorCard } from '../../../domain/client-dashboard-schemas';
import '../../../../test/web/jsdom-shims';
import { HireCreatorCard } from './hire-creator-card';

afterEach(cleanup);

const creator: CreatorCard = {
  id: 'maker-1',
  name: 'Marisol Inkwell',
  role: 'maker',
  avatarUrl: '/files/profile-images/maker-1/avatar.jpg?v=2',
  avatarThumbnailUrl: '/files/profile-images/maker-1/avatar.thumb.webp?v=2',
  bio: null,
  sealVerified: false,
  deliverableCategories: ['logo_design'],
  expertiseAreas: [],
};

const imageSources = (card: CreatorCard) => {
  const { container } = render(
    <MemoryRouter>
      <HireCreatorCard creator={card} onHire={() => undefined} />
    </MemoryRouter>,
  );
  const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src'));
  cleanup();
  return sources;
};

describe('HireCreatorCard (client Browse Creators)', () => {
  it("shows the avatar's thumbnail, and the avatar itself only when there is no thumbnail", () => {
    expect(imageSources(creator)).toEqual(['/files/profile-images/maker-1/avatar.thumb.webp?v=2']);
    expect(imageSources({ ...creator, avatarThumbnailUrl: null })).toEqual(['/files/profile-images/maker-1/avatar.jpg?v=2']);
  });

  it('says which field a search matched, as the marketplace card does, and nothing outside a search', () => {
    const { rerender } = render(
      <MemoryRouter>
        <HireCreatorCard creator={{ ...creator, matchedField: 'bio' }} onHire={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Matched in bio')).toBeTruthy();
    rerender(
      <MemoryRouter>
        <HireCreatorCard creator={creator} onHire={() => undefined} />
      </MemoryRouter>,
    );
    expect(screen.queryByText(/^Matched in/)).toBeNull();
  });
});
