import { act, render } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useMarkDrawnLocation } from './drawn-location.ts';

function Frame() {
  useMarkDrawnLocation();
  return <Outlet />;
}

afterEach(() => {
  delete document.documentElement.dataset.drawn;
});

describe('the mark of the page on screen', () => {
  it("is the drawn entry's key, changed only once the next page is drawn", async () => {
    let arrive: () => void = () => {};
    const router = createMemoryRouter([
      {
        element: <Frame />,
        children: [
          { path: '/', element: <Link to="/next">Next</Link> },
          {
            path: '/next',
            // The next page's data comes later: the first page stays on screen meanwhile.
            loader: () => new Promise<null>((resolve) => (arrive = () => resolve(null))),
            element: <p>The next page</p>,
          },
        ],
      },
    ]);
    const screen = render(<RouterProvider router={router} />);
    expect(document.documentElement.dataset.drawn).toBe('default');

    await act(async () => {
      screen.getByText('Next').click();
    });
    expect(router.state.navigation.state).toBe('loading');
    expect(document.documentElement.dataset.drawn).toBe('default');

    await act(async () => {
      arrive();
    });
    await screen.findByText('The next page');
    expect(router.state.location.key).not.toBe('default');
    expect(document.documentElement.dataset.drawn).toBe(router.state.location.key);
  });
});
