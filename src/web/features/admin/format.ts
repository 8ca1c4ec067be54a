export { formatDate, formatDateTime, formatEventTime } from '../../../domain/dates';

const moneyFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** The product shows budgets with a dollar sign. */
export const formatBudget = (amount: number): string => `$${moneyFormat.format(amount)}`;

export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
