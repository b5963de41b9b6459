import { paths, type Role } from '@market/shared';

export { logInPath, paths, registrationPath } from '@market/shared';

/**
 * What the log-in page is told when a signed-in user is sent there from a page of another role
 * (in the history entry's state, not the address): whose page it was.
 */
export interface LogInState {
  pageFor?: Role;
}

/** Only same-site paths are followed after log-in (no open redirects). */
export function safeReturnPath(from: string | null | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return paths.home;
  }
  return from;
}
