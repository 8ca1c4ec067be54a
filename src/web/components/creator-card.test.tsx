// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '../test/jsdom-shims';
import type { CreatorCardData } from '../../domain/marketplace';
import { CreatorCard } from './creator-card';
import { TooltipProvider } from './ui/tooltip';

afterEach(cleanup);

const renderCard = (creator: CreatorCardData) =>
  render(
    <MemoryRouter>
      <TooltipProvider>
        <CreatorCard creator={creator} onContact={() => undefined} />
      </TooltipProvider>
    </MemoryRouter>,
  );

const base: CreatorCardData = {
  id: 'c-1',
  role: 'maker',
  name: 'Ines Marlowe',
  bio: 'B'.repeat(120),
  avatarUrl: null,
  sealStatus: 'verified',
  categories: ['branding_packages', 'logo_design', 'web_design', 'social_media_assets', 'editorial_design'],
  portfolio: [{ id: 'p1', title: 'Norra identity', imageUrl: '/files/a.png', thumbnailUrl: '/files/a.thumb.webp' }],
};

describe('CreatorCard', () => {
  it('shows the role, the Seal, the cut bio, three tags with +N more, thumbnails and both actions', () => {
    renderCard(base);
    const card = screen.getByRole('article');
    expect(within(card).getByRole('heading', { name: 'Ines Marlowe' })).toBeTruthy();
    expect(within(card).getByText('Maker')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Verified Human Creator' })).toBeTruthy();
    expect(within(card).getByText(`${'B'.repeat(100)}...`)).toBeTruthy();
    const tags = within(card).getByRole('list', { name: 'Categories' });
    expect(within(tags).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['branding packages', 'logo design', 'web design', '+2 more']);
    expect(card.querySelector('img[src="/files/a.thumb.webp"]')).not.toBeNull();
    expect(within(card).getAllByText('No image')).toHaveLength(2);
    expect(within(card).getByRole('link', { name: /View Studio/ }).getAttribute('href')).toBe('/studio/c-1');
    expect(within(card).getByRole('button', { name: /Contact/ })).toBeTruthy();
  });

  it("shows the avatar's thumbnail, not the full image, and the full image only when there is no thumbnail", () => {
    const { unmount } = renderCard({ ...base, avatarUrl: '/files/profile-images/c-1/avatar.png?v=1', avatarThumbnailUrl: '/files/profile-images/c-1/avatar.thumb.webp?v=1' });
    const card = screen.getByRole('article');
    expect(card.querySelector('img[src="/files/profile-images/c-1/avatar.thumb.webp?v=1"]')).not.toBeNull();
    expect(card.querySelector('img[src="/files/profile-images/c-1/avatar.png?v=1"]')).toBeNull();
    unmount();
    renderCard({ ...base, avatarUrl: 'https://images.example.com/me.png', avatarThumbnailUrl: null });
    expect(screen.getByRole('article').querySelector('img[src="https://images.example.com/me.png"]')).not.toBeNull();
  });

  it('falls back to No bio available, a placeholder avatar and one No image panel, without a Seal', () => {
    renderCard({ ...base, role: 'mind', bio: null, sealStatus: 'none', categories: ['Brand Strategy'], portfolio: [] });
    const card = screen.getByRole('article');
    expect(within(card).getByText('Mind')).toBeTruthy();
    expect(within(card).getByText('No bio available')).toBeTruthy();
    expect(within(card).getAllByText('No image')).toHaveLength(1);
    expect(within(card).queryByRole('img', { name: 'Verified Human Creator' })).toBeNull();
    expect(within(card).queryByText(/more$/)).toBeNull();
  });
});
