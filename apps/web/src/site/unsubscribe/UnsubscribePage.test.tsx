// @vitest-environment jsdom
import { UNSUBSCRIBE_REASON_MESSAGES } from '@pennant/shared/fundraising/schemas';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UnsubscribePage } from './UnsubscribePage';

afterEach(cleanup);

const home = () => screen.getByRole('link', { name: 'Return to Main Website' });

describe('/unsubscribe', () => {
  it('confirms the opt-out from the organization’s fundraising e-mails', () => {
    render(<UnsubscribePage search="?unsubscribe=success" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Successfully Unsubscribed' })).toBeTruthy();
    expect(screen.getByText(/won’t receive any more fundraising emails from this organization/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Contact Support' })).toBeNull();
    expect(home().getAttribute('href')).toBe('/');
  });

  for (const reason of ['invalid-link', 'config-error', 'database-error', 'unexpected-error'] as const) {
    it(`explains the ${reason} error and offers support`, () => {
      render(<UnsubscribePage search={`?unsubscribe=error&reason=${reason}`} />);
      expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe Error' })).toBeTruthy();
      expect(screen.getByText(UNSUBSCRIBE_REASON_MESSAGES[reason])).toBeTruthy();
      const support = screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href') ?? '';
      expect(support.startsWith('mailto:support@pennant.app')).toBe(true);
      expect(home().getAttribute('href')).toBe('/');
    });
  }

  it('gives a generic message for a reason it does not know, or none', () => {
    render(<UnsubscribePage search="?unsubscribe=error&reason=%3Cscript%3E" />);
    expect(screen.getByText(UNSUBSCRIBE_REASON_MESSAGES.other)).toBeTruthy();
    cleanup();
    render(<UnsubscribePage search="?unsubscribe=error" />);
    expect(screen.getByText(UNSUBSCRIBE_REASON_MESSAGES.other)).toBeTruthy();
  });

  it('says Invalid Request for anything else', () => {
    for (const search of ['', '?unsubscribe=maybe', '?reason=invalid-link']) {
      render(<UnsubscribePage search={search} />);
      expect(screen.getByRole('heading', { level: 1, name: 'Invalid Request' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Contact Support' })).toBeNull();
      expect(home().getAttribute('href')).toBe('/');
      cleanup();
    }
  });
});
