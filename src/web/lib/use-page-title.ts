import { useEffect } from 'react';
import { DEFAULT_SITE_NAME } from '../../domain/constants';

/** Sets "<Page> · Humanmade"; the home page leads with the brand instead ("Humanmade — <tagline>"). */
export function usePageTitle(page: string, { brandFirst = false }: { brandFirst?: boolean } = {}): void {
  useEffect(() => {
    document.title = brandFirst ? `${DEFAULT_SITE_NAME} — ${page}` : `${page} · ${DEFAULT_SITE_NAME}`;
  }, [page, brandFirst]);
}
