import { describe, expect, it } from 'vitest';
import { allNotifications, notificationFor } from './block-notification';
import type { BlockActivity } from '../blocks/block-activity';

const away = { blockFocused: false, windowLooking: true };
const working: BlockActivity = { kind: 'agent', status: 'Working', detail: 'Bash' };
const needsYou: BlockActivity = {
  kind: 'agent',
  status: 'Needs you',
  detail: 'Permission for Bash: rm -rf build',
};
const done: BlockActivity = { kind: 'agent', status: 'Done', detail: 'All tests pass · $0.0100' };
const error: BlockActivity = { kind: 'agent', status: 'Error', detail: 'Invalid API key' };

describe('notificationFor', () => {
  it('says which tool waits, the answer and its cost, or the error', () => {
    expect(notificationFor(working, needsYou, 'Agent', away, allNotifications)).toEqual({
      kind: 'needsYou',
      title: 'Agent needs you',
      body: 'Permission for Bash: rm -rf build',
    });
    expect(notificationFor(working, done, 'Agent', away, allNotifications)).toEqual({
      kind: 'done',
      title: 'Agent done',
      body: 'All tests pass · $0.0100',
    });
    expect(notificationFor(working, error, 'Agent', away, allNotifications)?.body).toBe(
      'Invalid API key',
    );
    expect(
      notificationFor(
        { kind: 'terminal', status: 'Running', command: 'make' },
        { kind: 'terminal', status: 'Failed', command: 'make' },
        'Terminal',
        away,
        allNotifications,
      ),
    ).toEqual({ kind: 'error', title: 'Terminal: command failed', body: 'make' });
  });

  it('keeps quiet about the block the user is looking at, but not one focused in a window behind', () => {
    const looking = { blockFocused: true, windowLooking: true };
    expect(notificationFor(working, done, 'Agent', looking, allNotifications)).toBeNull();
    const behind = { blockFocused: true, windowLooking: false };
    expect(notificationFor(working, done, 'Agent', behind, allNotifications)?.kind).toBe('done');
  });

  it('notifies a state once, not for every report within it, nor for states nobody waits on', () => {
    expect(notificationFor(needsYou, needsYou, 'Agent', away, allNotifications)).toBeNull();
    expect(notificationFor(undefined, working, 'Agent', away, allNotifications)).toBeNull();
    expect(
      notificationFor(working, { kind: 'agent', status: 'Idle' }, 'Agent', away, allNotifications),
    ).toBeNull();
  });

  it('leaves out a kind the user turned off', () => {
    const noDone = { ...allNotifications, done: false };
    expect(notificationFor(working, done, 'Agent', away, noDone)).toBeNull();
    expect(notificationFor(working, needsYou, 'Agent', away, noDone)?.kind).toBe('needsYou');
  });
});
