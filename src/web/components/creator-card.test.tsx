// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '../../../test/web/jsdom-shims';
import type { CreatorCardData } from '../../domain/marketplace';
import { CreatorCard } from './creator-card';

afterEach(cleanup);

const renderCard = (creator: CreatorCardData) =>
  render(
    <MemoryRouter>
      <CreatorCard creator={creator} onContact={() => undefined} />
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
  it("shows stars and the count from 3 reviews, and 'New' below", () => {
    renderCard({ ...base, rating: { count: 12, average: 4.8 } });
    expect(screen.getByRole('img', { name: 'Rated 4.8 out of 5 from 12 reviews' }).textContent).toContain('4.8(12)');
    cleanup();
    renderCard({ ...base, rating: { count: 2, average: null } });
    const rating = screen.getByRole('img', { name: 'New: 2 reviews' });
    expect(rating.textContent).toContain('New');
    expect(rating.textContent).not.toMatch(/\d\.\d/);
  });

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

  describe('lays the pictures out for their number, with No image only when there are none', () => {
    const piece = (n: number) => ({ id: `p${n}`, title: `Piece ${n}`, imageUrl: `/files/${n}.png`, thumbnailUrl: `/files/${n}.thumb.webp` });
    const frameOf = (count: number) => {
      renderCard({ ...base, portfolio: Array.from({ length: count }, (_, index) => piece(index + 1)) });
      const card = screen.getByRole('article');
      const frame = card.querySelector(`a[href="/studio/c-1"][aria-hidden="true"]`);
      if (!(frame instanceof HTMLElement)) throw new Error('no picture frame');
      return { card, frame, pictures: [...frame.querySelectorAll('img')] };
    };

    it('one picture fills the frame on its own', () => {
      const { card, frame, pictures } = frameOf(1);
      expect(pictures.map((img) => img.getAttribute('alt'))).toEqual(['Piece 1']);
      expect(frame.className).toContain('grid-cols-1');
      expect(pictures[0].className).not.toContain('col-span');
      expect(within(card).queryByText('No image')).toBeNull();
    });

    it('two pictures sit side by side, with no empty slot', () => {
      const { card, frame, pictures } = frameOf(2);
      expect(pictures.map((img) => img.getAttribute('src'))).toEqual(['/files/1.thumb.webp', '/files/2.thumb.webp']);
      expect(frame.className).toContain('grid-cols-2');
      expect(frame.className).toContain('grid-rows-1');
      expect(within(card).queryByText('No image')).toBeNull();
    });

    it('three pictures keep one large and two small; a fourth is not shown', () => {
      const { card, frame, pictures } = frameOf(4);
      expect(pictures.map((img) => img.getAttribute('alt'))).toEqual(['Piece 1', 'Piece 2', 'Piece 3']);
      expect(frame.className).toContain('grid-cols-3');
      expect(pictures[0].className).toContain('col-span-2 row-span-2');
      expect(pictures[1].className).not.toContain('span');
      expect(within(card).queryByText('No image')).toBeNull();
    });

    it('no pictures: one No image panel and no picture', () => {
      const { card, pictures } = frameOf(0);
      expect(pictures).toHaveLength(0);
      expect(within(card).getAllByText('No image')).toHaveLength(1);
    });
  });
});
