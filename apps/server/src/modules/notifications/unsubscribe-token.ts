import { NOTIFICATION_KINDS, type NotificationKind } from '@market/shared';
import { badRequest } from '../../lib/errors.ts';
import { SignedValues } from '../../lib/signed-values.ts';

export interface UnsubscribeTarget {
  userId: string;
  kind: NotificationKind;
}

/**
 * The token of an email's unsubscribe link: the user and the kind of email, signed with a key
 * derived from the auth secret. It does not expire: an old email's link must still work, and all
 * it can do is turn one kind of email off for the person it was sent to.
 */
export class UnsubscribeTokens {
  private readonly signed: SignedValues;

  constructor(secret: string) {
    this.signed = new SignedValues(secret, 'unsubscribe-link');
  }

  issue(target: UnsubscribeTarget): string {
    return this.signed.issue([target.userId, target.kind]);
  }

  /** Who and which kind a token names; 400 for anything not issued here. */
  read(token: string): UnsubscribeTarget {
    const value = this.signed.read(token);
    if (
      !Array.isArray(value) ||
      value.length !== 2 ||
      typeof value[0] !== 'string' ||
      !(NOTIFICATION_KINDS as readonly unknown[]).includes(value[1])
    ) {
      throw badRequest('accounts.notifications.unsubscribeLink');
    }
    return { userId: value[0], kind: value[1] as NotificationKind };
  }
}
