/** A client's saved creators (decision 187): a private shortlist of approved creators. */
export const SAVED_CREATORS_LIMIT = 200;

export const SAVED_CREATOR_MESSAGES = {
  notFound: 'Creator Not Found',
  notSaved: 'This creator is not in your shortlist.',
  full: `You can save up to ${SAVED_CREATORS_LIMIT} creators. Remove one to save another.`,
  saved: 'Saved to your shortlist',
  removed: 'Removed from your shortlist',
  emptyTitle: 'No saved creators yet',
  emptyBody: 'Save creators you like from the marketplace or from Browse, and they wait for you here.',
} as const;

export const savedCreatorsQueryKey = ['client', 'saved-creators'] as const;
