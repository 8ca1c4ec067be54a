import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from './route-error';

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { failedAt: string | null }> {
  state = { failedAt: null as string | null };

  static getDerivedStateFromError(): { failedAt: string } {
    // The path is filled in by componentDidCatch; a non-null value is what shows the error page.
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { failedAt: string | null }) {
    // Navigating elsewhere after a failure tries again (the link in the error page reloads the document anyway).
    return state.failedAt && state.failedAt !== props.pathname ? { failedAt: null } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    this.setState({ failedAt: this.props.pathname });
    console.error(error, info.componentStack);
  }

  render() {
    return this.state.failedAt === null ? this.props.children : <RouteError />;
  }
}

/** Shows the error page when a page fails to render or its code cannot be loaded (e.g. after a deploy). */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
