export { FriendsPage } from './lib/friends-page/friends-page';
export { MessagesPage } from './lib/messages-page/messages-page';
export { ProfilePage } from './lib/profile-page/profile-page';
