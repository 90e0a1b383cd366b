export { ThemeRoot, type ThemeName, type ThemeRootProps } from './lib/theme/theme-root';
export { Header, type HeaderProps } from './lib/header/header';
export { TopBar, type TopBarProps } from './lib/top-bar/top-bar';
export { Footer, type FooterProps } from './lib/footer/footer';
export { SiteMenu, type SiteMenuProps } from './lib/site-menu/site-menu';
export { siteMenuEntries, type SiteMenuEntry, type SiteMenuOptions } from './lib/site-menu/site-menu-entries';
export { AccountLinks, type AccountLinksProps } from './lib/account-links/account-links';
export { Logo, type LogoProps } from './lib/logo/logo';
export { SkipLink } from './lib/skip-link/skip-link';
export { isOtherHost, SiteHrefProvider, SiteLink, useSiteHref, type LinkSite, type SiteHref, type SiteLinkProps } from './lib/site-link/site-link';
export { Avatar, initialsOf, GUEST_NAME, type AvatarProps, type AvatarSize } from './lib/avatar/avatar';
export { Page, type PageProps, type PageWidth } from './lib/page/page';
export { ContentPage, type ContentPageProps } from './lib/content-page/content-page';
export { PromptPage, type PromptPageProps } from './lib/prompt-page/prompt-page';
export { PrivilegeRequired, type PrivilegeRequiredProps } from './lib/privilege-required/privilege-required';
export { Notice, type NoticeProps } from './lib/notice/notice';
export {
  Button,
  buttonClassName,
  type ButtonProps,
  type ButtonSize,
  type ButtonStyleOptions,
  type ButtonVariant,
} from './lib/button/button';
export { Alert, type AlertProps, type AlertVariant } from './lib/alert/alert';
export { Spinner, type SpinnerProps } from './lib/spinner/spinner';
export * from './lib/icons/icons';
export { cx } from './lib/class-names';
export {
  MAIN_CONTENT_ID,
  profileHref,
  type PageVariant,
  type PrivilegeFlags,
  type ShellUser,
  type SiteVariant,
} from './lib/shell-types';
export { lazyComponent, lazyPage, PageSuspense, type LazyComponent } from './lib/lazy-page/lazy-page';
export { NotFoundPage } from './lib/not-found-page/not-found-page';
