import { describe, expect, it } from 'vitest';
import type { NotificationHandlers, NotificationListener } from '../../db/notifications';
import { createConversationHub } from './realtime';

/** A hub on a stand-in LISTEN whose state the test drives (the real one is in stream.test.ts, on both databases). */
const hubWithChannel = () => {
  let handlers: NotificationHandlers | null = null;
  const hub = createConversationHub({
    listen: (_channel, given) => {
      handlers = given;
      return { close: async () => undefined, sync: async () => undefined } satisfies NotificationListener;
    },
    log: { warn: () => undefined },
  });
  return { hub, channel: () => handlers! };
};

describe('the conversation hub', () => {
  it('tells the streams opened before the channel first listens to check what they missed, and not again', () => {
    const { hub, channel } = hubWithChannel();
    const heard: unknown[] = [];
    hub.subscribe('u1', (event) => heard.push(event));
    // A message committed now notifies nobody: the LISTEN is not in place yet.
    channel().onState(true);
    expect(heard).toEqual([null]);
    channel().onNotify(JSON.stringify({ kind: 'message', seq: 7, userIds: ['u1'] }));
    expect(heard).toEqual([null, { kind: 'message', seq: 7, userIds: ['u1'] }]);
    // Listening again after a loss: check again; listening while already listening: nothing.
    channel().onState(true);
    expect(heard).toHaveLength(2);
    channel().onState(false);
    channel().onState(true);
    expect(heard).toEqual([null, { kind: 'message', seq: 7, userIds: ['u1'] }, null]);
  });
});
