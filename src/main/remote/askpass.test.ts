import { describe, expect, it } from 'vitest';
import { askpassFiles } from './askpass';

describe('askpassFiles', () => {
  it('is a shell script that runs the bridge with this app as Node, its paths quoted', () => {
    const files = askpassFiles({
      dir: '/tmp/tether-0',
      id: 'ab12',
      node: '/opt/My App/tether',
    });
    expect(files).toMatchObject({
      socketPath: '/tmp/tether-0/askpass-ab12.sock',
      script: '/tmp/tether-0/askpass-ab12.cjs',
      program: '/tmp/tether-0/askpass-ab12',
    });
    expect(files.programText).toBe(
      "#!/bin/sh\nELECTRON_RUN_AS_NODE=1 exec '/opt/My App/tether' '/tmp/tether-0/askpass-ab12.cjs' \"$@\"\n",
    );
  });
});
