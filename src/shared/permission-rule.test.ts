import { describe, expect, it } from 'vitest';
import { checkPermissionRule } from './permission-rule';

describe('checkPermissionRule', () => {
  it.each([
    ['Bash', { toolName: 'Bash' }],
    ['Bash(npm run test:*)', { toolName: 'Bash', specifier: 'npm run test:*' }],
    ['Read(./secrets/**)', { toolName: 'Read', specifier: './secrets/**' }],
    ['WebFetch(domain:example.com)', { toolName: 'WebFetch', specifier: 'domain:example.com' }],
    ['mcp__server__tool', { toolName: 'mcp__server__tool' }],
    ['mcp__my-server', { toolName: 'mcp__my-server' }],
    ['Bash(echo (nested))', { toolName: 'Bash', specifier: 'echo (nested)' }],
    ['  Edit(src/**)  ', { toolName: 'Edit', specifier: 'src/**' }],
  ])('takes %s', (text, rule) => {
    expect(checkPermissionRule(text)).toEqual({ ok: true, rule });
  });

  it.each([
    ['', 'names a tool'],
    ['Bash(npm test', 'ends with ")"'],
    ['Bash()', 'Write Bash alone'],
    ['Ba sh', 'not a tool name'],
    ['(npm test)', 'not a tool name'],
    ['1Bash', 'not a tool name'],
    ['WebFetch(example.com)', 'domain:'],
    ['mcp__server__tool(x)', 'no specifier'],
    ['mcp__', 'names its server'],
    ['Bash(a\nb)', 'one line'],
    [`Bash(${'x'.repeat(1000)})`, 'at most'],
  ])('refuses %j, saying why', (text, why) => {
    const check = checkPermissionRule(text);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problem).toContain(why);
  });
});
