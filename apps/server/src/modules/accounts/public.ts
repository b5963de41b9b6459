/**
 * What the other modules (and the demo data) use of accounts: the user's profile as answered,
 * the lookup by address, the removal of what a user owns, and the one way a user with a
 * password is written.
 */
export { selectUserProfiles, toUser } from './user-view.ts';
export {
  deleteBelongingsOfUser,
  findLanguage,
  findUserByEmail,
  insertUserWithPassword,
} from './accounts.repository.ts';
