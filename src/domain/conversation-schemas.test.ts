import { describe, expect, it } from 'vitest';
import { sendMessageSchema, splitLinks } from './conversation-schemas';

describe('splitLinks', () => {
  it('makes http and https addresses links, leaving the sentence around them as text', () => {
    expect(splitLinks('See https://example.com/a?b=1, and http://x.org.')).toEqual([
      { kind: 'text', value: 'See ' },
      { kind: 'link', value: 'https://example.com/a?b=1' },
      { kind: 'text', value: ', and ' },
      { kind: 'link', value: 'http://x.org' },
      { kind: 'text', value: '.' },
    ]);
  });

  it('never makes a link of other schemes or of markup', () => {
    const parts = splitLinks('javascript:alert(1) data:text/html,<b>x</b> <a href="https://evil">x</a> ftp://files');
    expect(parts.filter((part) => part.kind === 'link').map((part) => part.value)).toEqual(['https://evil']);
    expect(parts.map((part) => part.value).join('')).toBe('javascript:alert(1) data:text/html,<b>x</b> <a href="https://evil">x</a> ftp://files');
  });
});

describe('sendMessageSchema', () => {
  it('takes up to 5,000 characters of text with a client-made id', () => {
    const id = '6f1c1f9e-8a3b-4c55-9d7a-2b1f6f1c1f9e';
    expect(sendMessageSchema.safeParse({ clientMessageId: id, body: 'x'.repeat(5000) }).success).toBe(true);
    expect(sendMessageSchema.safeParse({ clientMessageId: id, body: 'x'.repeat(5001) }).success).toBe(false);
    expect(sendMessageSchema.safeParse({ clientMessageId: 'not-a-uuid', body: 'hi' }).success).toBe(false);
  });
});
