// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DonateCancelPage } from './DonateCancelPage';
import { CAMPAIGN_ID, CONTACT_ID, PLAYER_ID } from './test-fixtures';

afterEach(cleanup);

describe('/donate/cancel', () => {
  it('says the donation was cancelled with no charges, with Try Again for the campaign and the way home', () => {
    render(<DonateCancelPage search={`?campaign_id=${CAMPAIGN_ID}`} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Donation Cancelled' })).toBeTruthy();
    expect(screen.getByText(/no charges were made/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe(
      `/donate?campaign_id=${CAMPAIGN_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Return to Homepage' }).getAttribute('href')).toBe('/');
  });

  it('keeps the player and contact the donation was for when trying again', () => {
    render(<DonateCancelPage search={`?campaign_id=${CAMPAIGN_ID}&player_id=${PLAYER_ID}&contact_id=${CONTACT_ID}`} />);
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe(
      `/donate?campaign_id=${CAMPAIGN_ID}&player_id=${PLAYER_ID}&contact_id=${CONTACT_ID}`,
    );
  });

  it('has no Try Again without a campaign', () => {
    render(<DonateCancelPage search="" />);
    expect(screen.getByText(/no charges were made/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Try Again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Return to Homepage' })).toBeTruthy();
  });
});
