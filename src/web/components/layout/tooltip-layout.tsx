import { Outlet } from 'react-router';
import { TooltipProvider } from '../ui/tooltip';

/**
 * Tooltips (the Seal's explanation) pull in Radix's positioning engine. Only the routes that can show a Seal
 * sit under this layout, so the marketing pages never download it (decision 017).
 */
export function TooltipLayout() {
  return (
    <TooltipProvider delayDuration={200}>
      <Outlet />
    </TooltipProvider>
  );
}
