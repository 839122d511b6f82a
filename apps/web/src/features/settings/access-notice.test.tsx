import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthCallError } from '../../lib/auth-call';
import { AccessNotice } from './access-notice';

afterEach(cleanup);

describe('AccessNotice', () => {
  it("words a control hidden by the person's role for people, without the API's access message", () => {
    render(<AccessNotice resource="invitations">Only owners and admins can invite people.</AccessNotice>);
    const note = screen.getByRole('note');
    expect(note.textContent).toBe('Only owners and admins can invite people.');
    expect(note.textContent).not.toMatch(/resource|Not authorized/);
  });

  it('keeps the access message for a refusal the API gave', () => {
    render(<AccessNotice error={new AuthCallError({ status: 403 })} resource="invitations" />);
    const note = screen.getByRole('note');
    expect(note.textContent).toContain('Not authorized');
    expect(note.textContent).toContain('Not allowed to access resource invitations.');
  });
});
