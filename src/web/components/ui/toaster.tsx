import { Toaster as SonnerToaster } from 'sonner';

export function Toaster() {
  return (
    <SonnerToaster
      // Bottom-right on wide screens (Sonner spans the bottom edge on phones): never over the header or its navigation.
      position="bottom-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: 'rounded-xl! border! border-border! bg-surface! text-ink! shadow-lg! font-sans!',
          description: 'text-muted-foreground!',
          error: 'border-destructive/40! [&_[data-icon]]:text-destructive!',
          success: '[&_[data-icon]]:text-accent!',
        },
      }}
    />
  );
}
