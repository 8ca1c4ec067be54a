/** User-visible messages in the product's own words, kept word for word. */
export const AUTH_MESSAGES = {
  createUserFailed: 'Failed to create user account',
  /** Ours: the account was saved in full, but the sign-in that follows sign-up failed (e.g. the database went away). */
  signedUpNotSignedIn: 'Your account was created, but we could not sign you in just now. Please log in with your email and password.',
  setupFailed: 'Account setup failed. Please try again or contact support.',
  setupVerificationFailed: 'Account setup verification failed. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  loginFailed: 'Login failed',
  verifyAccountFailed: 'Failed to verify account. Please contact support.',
  setupIncomplete: 'Account setup incomplete. Please contact support with your email address.',
  loginFallback: 'Failed to log in',
  signUpFallback: 'Failed to create account',
  loginSuccess: 'Welcome back!',
  signUpSuccess: 'Account created successfully!',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
} as const;

export const VALIDATION_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 100 characters',
  emailInvalid: 'Invalid email address',
  emailTooLong: 'Email must be less than 255 characters',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be less than 128 characters',
  roleInvalid: 'Please choose Maker, Mind or Client',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be less than 1000 characters',
} as const;

export const NOT_FOUND_MESSAGES = {
  title: 'Oops! Page not found',
  back: 'Return to Home',
} as const;

export const fileTooLargeMessage = (megabytes: number): string => `File size must be less than ${megabytes}MB`;

/** When a resource ran out: the server answers with these, and the browser shows them beneath its toast. */
export const RESOURCE_MESSAGES = {
  /** 507 from an upload: the file storage (disk, quota or object store) is full. */
  storageFull: 'Our file storage is full just now, so your file was not saved. Please try again later.',
  /** 503: the database could not write for lack of disk. Nothing of the request was kept. */
  databaseFull: 'We are out of storage space just now, so nothing was saved. Please try again later.',
  /** 503: the file storage (an S3 store) could not be reached. Nothing of the request was kept. */
  storageUnavailable: 'We could not reach our file storage just now. Please try again in a moment.',
  /** 503: the database connection was lost or refused. */
  databaseUnavailable: 'We could not reach our database just now. Please try again in a moment.',
  /** 503: something the server keeps on its own disk (a signing key made on first use) could not be written. */
  outOfSpace: 'We are out of storage space just now. Please try again later.',
  /** 503 after a commit: the change is kept, but the answer could not be read back. Not "try again": it is done. */
  savedNotShown: 'Your change was saved, but we could not load it just now. Please reload the page in a moment.',
} as const;
