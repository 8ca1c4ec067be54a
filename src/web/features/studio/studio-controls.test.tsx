// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { StudioPortfolioItem } from '../../../domain/marketplace';
import { IntroVideo } from './intro-video';
import { PortfolioGrid } from './portfolio-grid';

afterEach(cleanup);

const items: StudioPortfolioItem[] = [
  { id: 'p1', title: 'Norra identity', description: 'A warm identity.', category: 'branding_packages', imageUrl: '/files/a.png', thumbnailUrl: '/files/a-thumb.webp' },
];

// Before the app's scripts run these controls are plain links (decision 105); with the app they act in place.
describe('the studio controls', () => {
  it('links each piece to its full image, and opens it in a dialog on a plain click', () => {
    render(<PortfolioGrid items={items} creatorName="Ines" />);
    const link = screen.getByRole('link', { name: /Norra identity/ });
    expect(link.getAttribute('href')).toBe('/files/a.png');
    expect(link.querySelector('img')?.getAttribute('src')).toBe('/files/a-thumb.webp');

    // A click with a modifier (a new tab) is the browser's: no dialog.
    fireEvent.click(link, { ctrlKey: true });
    expect(screen.queryByRole('dialog')).toBeNull();

    expect(fireEvent.click(link)).toBe(false);
    const dialog = screen.getByRole('dialog', { name: 'Norra identity' });
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('/files/a.png');
    expect(screen.getByText('A warm identity.')).toBeTruthy();
  });

  it("links an embedded video's play control to its page on the host, and plays it in place on a click", () => {
    render(<IntroVideo url="https://vimeo.com/76979871" name="Ines" />);
    const play = screen.getByRole('link', { name: /Play intro video/ });
    expect(play.getAttribute('href')).toBe('https://vimeo.com/76979871');
    expect(document.querySelector('iframe')).toBeNull();

    expect(fireEvent.click(play)).toBe(false);
    expect(screen.getByTitle('Intro video of Ines').getAttribute('src')).toBe('https://player.vimeo.com/video/76979871?dnt=1&autoplay=1');
  });

  it('plays a video file in the native player, with a link to the file inside it', () => {
    render(<IntroVideo url="/files/videos/intro.webm" name="Ines" />);
    const video = screen.getByLabelText('Intro video of Ines');
    expect(video.tagName).toBe('VIDEO');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.querySelector('a')?.getAttribute('href')).toBe('/files/videos/intro.webm');
  });
});
