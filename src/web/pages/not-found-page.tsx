import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { NOT_FOUND_MESSAGES } from '../../domain/messages';
import { Button } from '../components/ui/button';
import { useNotFoundStatus } from '../lib/page-status';
import { usePageTitle } from '../lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  useNotFoundStatus();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-5 py-24 text-center sm:py-32">
      <p className="font-serif text-8xl font-light text-accent sm:text-9xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-6 text-3xl sm:text-4xl">{NOT_FOUND_MESSAGES.title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">The page you were looking for does not exist or has moved.</p>
      <Button asChild variant="secondary" className="mt-10">
        <Link to="/">
          <ArrowLeft aria-hidden="true" />
          {NOT_FOUND_MESSAGES.back}
        </Link>
      </Button>
    </section>
  );
}
