/*
 * Checked by the server's typecheck (`tsc --noEmit`), not run: every moderation action in the
 * shared records must have an effect, so an action added without one does not build. Each
 * `@ts-expect-error` fails the typecheck if the line under it ever compiles.
 */
import type { ModerationAction } from '@market/shared';
import {
  MODERATION_EFFECTS,
  type ModerationEffect,
  type ModerationEffects,
} from '../../src/modules/moderation/moderation-effects.ts';

const noop: ModerationEffect = () => Promise.resolve({});

// A map of effects without "unverify_seller" is not a map of effects.
const { unverify_seller: _left, ...allButOne } = MODERATION_EFFECTS;
// @ts-expect-error Property 'unverify_seller' is missing
export const missingOne: ModerationEffects = allButOne;

// Nor is one written out without it.
// @ts-expect-error Property 'dismiss' is missing
export const writtenOut: ModerationEffects = {
  hide_listing: noop,
  release_listing: noop,
  suspend_user: noop,
  unverify_seller: noop,
};

// An effect for something that is not an action in the records is refused too.
export const extra: ModerationEffects = {
  ...MODERATION_EFFECTS,
  // @ts-expect-error 'warn_user' is not a moderation action
  warn_user: noop,
};

// An action added to the shared records widens ModerationAction; the effects' keys must follow.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const keysAreActions: Same<keyof typeof MODERATION_EFFECTS, ModerationAction> = true;
