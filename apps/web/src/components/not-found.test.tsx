import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { NotFound } from './not-found';

afterEach(cleanup);

it("shows the plain text 'Not Found'", () => {
  const { container } = render(<NotFound />);
  expect(container.textContent).toBe('Not Found');
});
