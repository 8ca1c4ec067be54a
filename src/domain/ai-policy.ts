/** The public AI policy (settings-schemas.ts holds the schemas). */
export const AI_POLICY_PATH = '/ai-policy';

/**
 * Crawlers that collect pages to train AI models, by the user-agent token each operator documents. Search engines'
 * own crawlers (Googlebot, Bingbot…) are not here: studios stay findable. Google-Extended and Applebot-Extended are
 * tokens for training use only, honoured through robots.txt.
 */
export const AI_TRAINING_CRAWLERS = [
  'GPTBot',
  'CCBot',
  'Google-Extended',
  'Applebot-Extended',
  'ClaudeBot',
  'anthropic-ai',
  'PerplexityBot',
  'Bytespider',
  'meta-externalagent',
  'FacebookBot',
  'cohere-ai',
  'cohere-training-data-crawler',
  'Diffbot',
  'Omgilibot',
  'ImagesiftBot',
  'Timpibot',
  'AI2Bot',
] as const;

/** The browser's cache key for it; the server seeds it in the page's first paint. */
export const aiPolicyQueryKey = ['ai-policy'] as const;
