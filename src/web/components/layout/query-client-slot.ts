import { createContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';

/** A query client handed in from outside (tests); the query layout creates the app's own otherwise. */
export const QueryClientSlot = createContext<QueryClient | null>(null);
