import { Link } from 'react-router';
import { Button } from '../ui/button';
import { AUTH_MESSAGES } from '../../../domain/messages';

/** Shown when a route fails to render or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-5 text-center">
      <h1 className="text-3xl sm:text-4xl">Something went wrong</h1>
      <p className="mt-4 text-lg text-muted-foreground">{AUTH_MESSAGES.unexpected}</p>
      <div className="mt-8 flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button asChild variant="secondary">
          <Link to="/" reloadDocument>
            Return to Home
          </Link>
        </Button>
      </div>
    </main>
  );
}
