import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorView, errorDetails } from './error-view';

describe('ErrorView', () => {
  afterEach(cleanup);

  it('says something went wrong and hides the message until asked', () => {
    render(<ErrorView error={new Error('database exploded')} />);
    screen.getByRole('heading', { name: 'Something went wrong!' });
    expect(screen.queryByText('database exploded')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show Error' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('toggles the message with Show Error / Hide Error', () => {
    render(<ErrorView error={new Error('database exploded')} />);

    act(() => screen.getByRole('button', { name: 'Show Error' }).click());
    screen.getByText('database exploded');
    expect(screen.getByRole('button', { name: 'Hide Error' }).getAttribute('aria-expanded')).toBe('true');

    act(() => screen.getByRole('button', { name: 'Hide Error' }).click());
    expect(screen.queryByText('database exploded')).toBeNull();
    screen.getByRole('button', { name: 'Show Error' });
  });

  it('shows non-Error values as text', () => {
    render(<ErrorView error="plain failure" />);
    act(() => screen.getByRole('button', { name: 'Show Error' }).click());
    screen.getByText('plain failure');
  });
});

describe('errorDetails', () => {
  it('turns a list of schema issues into one line each', () => {
    const issues = [{ code: 'invalid_type', path: ['session_id'], message: 'session_id is required' }];
    expect(errorDetails(new Error(JSON.stringify(issues, null, 2)))).toBe('session_id is required');
  });

  it('leaves other messages alone', () => {
    expect(errorDetails(new Error('[object Object] happened'))).toBe('[object Object] happened');
    expect(errorDetails(new Error('plain'))).toBe('plain');
  });
});
