import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Marks `<html data-drawn>` with the key of the history entry whose page is on screen, once it is
 * drawn (the key the router keeps in `history.state`, or `default` for the page first loaded). A
 * link followed in the app changes the address first and draws the new page after (its code and
 * data come first, and it is drawn as a transition), so until then the address and the screen
 * disagree: scripts outside React, and the browser tests, compare the two to know that what
 * they see belongs to the address. Called by each frame the pages are drawn in.
 */
export function useMarkDrawnLocation(): void {
  const { key } = useLocation();
  useLayoutEffect(() => {
    document.documentElement.dataset.drawn = key;
  }, [key]);
}
