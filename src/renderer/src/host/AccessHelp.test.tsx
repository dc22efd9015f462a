// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { AccessHelp } from './AccessHelp';

afterEach(cleanup);

it('names the command the README starts Tether with, whose output holds the address', () => {
  render(<AccessHelp wrongToken={false} />);
  const page = screen.getByRole('main', { name: 'Open Tether with its token' });
  expect(page.textContent).toContain('the address that npm start printed');
  expect(page.textContent).not.toContain('npm run web');
});
