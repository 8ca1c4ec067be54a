import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { twMergeConfig } from './tw-merge-config';

// tailwind-merge with only the class groups the app uses (decision 189): the full default configuration was 6 KB of
// every page's first script, gzipped.
const twMerge = createTailwindMerge(twMergeConfig);

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
