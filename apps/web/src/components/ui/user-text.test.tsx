import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { withoutBidiControls } from '../../lib/bidi';
import { UserText } from './user-text';

afterEach(cleanup);

describe('UserText', () => {
  it('shows a name with an override as it is written, isolated from the words around it', () => {
    const { container } = render(
      <p>
        Project <UserText>{'\u202Eevil\u202C'}</UserText> (SWB)
      </p>,
    );
    const isolated = container.querySelector('bdi');
    expect(isolated?.textContent).toBe('evil');
    expect(container.textContent).toBe('Project evil (SWB)');
  });

  it('drops every embedding, override and isolate control and keeps right-to-left letters', () => {
    expect(withoutBidiControls('\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee\u2066f\u2067g\u2068h\u2069')).toBe(
      'abcdefgh',
    );
    expect(withoutBidiControls('שלום \u200Fworld')).toBe('שלום \u200Fworld');
  });
});
