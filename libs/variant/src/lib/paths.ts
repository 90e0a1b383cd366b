/**
 * Every web route's path, once, by id. The route table (@vox/site-routes) says
 * what each one shows, on which site, behind which gate and with or without the header; links
 * build their hrefs here, with `href`, because feature libs may not import the table.
 */
export const PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  resetPassword: '/resetpassword',
  scripts: '/scripts',
  scriptCreate: '/scripts/create',
  scriptEdit: '/scripts/edit/:scriptId',
  history: '/history',
  friends: '/friends',
  notifications: '/notifications',
  guide: '/guide',
  privacy: '/privacy',
  terms: '/terms',
  faq: '/faq',
  about: '/about',
  membership: '/membership',
  subscription: '/subscription',
  contact: '/contact',
  events: '/events',
  eventRegister: '/event/:eventId/register',
  castingBoard: '/casting',
  castingCreate: '/casting/new',
  castingMine: '/casting/mine',
  castingReports: '/casting/reports',
  castingCall: '/casting/calls/:callId',
  castingEdit: '/casting/calls/:callId/edit',
  castingLink: '/casting/link/:linkId',
  castingAudition: '/casting/calls/:callId/roles/:roleId/audition',
  castingReview: '/casting/calls/:callId/roles/:roleId/review',
  pilotProgram: '/pilot_program/id',
  freesound: '/freesound-poc',
  audio: '/audio',
  audioEdit: '/audio/edit/:audioId',
  audioCreate: '/audio/create/:type',
  freeScripts: '/free_scripts',
  drafts: '/write',
  templates: '/templates',
  templateCreate: '/templates/create',
  templateEdit: '/templates/edit/:templateId',
  classes: '/classes',
  class: '/classes/:classId',
  assignment: '/assignments/:assignmentId',
  setPassword: '/set-password',
  channel: '/channel/:channelId',
  playlist: '/playlist/:playlistId',
  favorites: '/favorites',
  certificates: '/certificate',
  certificate: '/certificate/:certId',
  event: '/event/:eventId',
  member: '/members/:handle',
  profile: '/profile/:userId',
  session: '/session/:sessionId',
  draft: '/write/:documentId',
  template: '/template/:templateId',
  shareLink: '/s/:linkId',
  episode: '/podcast-ep/:linkId',
  script: '/script/:scriptId',
  msLogin: '/auth/ms/login',
  msLogout: '/auth/ms/logout',
  welcome: '/welcome',
} as const;

export type PathId = keyof typeof PATHS;

/** The `:name` parameters of a path pattern. */
type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type HrefArgs<K extends PathId> = [PathParams<(typeof PATHS)[K]>] extends [never]
  ? []
  : [params: Record<PathParams<(typeof PATHS)[K]>, string>];

/** The ids of paths without parameters, for links that carry an id as data (menu entries, tabs). */
export type PlainPathId = { [K in PathId]: HrefArgs<K> extends [] ? K : never }[PathId];

/**
 * The href of a route: `href('session', { sessionId })` is `/session/{sessionId}`. Parameters are
 * URI-encoded; a query string, where a page takes one, is appended by the caller.
 */
export function href<K extends PathId>(id: K, ...[params]: HrefArgs<K>): string {
  const pattern: string = PATHS[id];
  if (!params) return pattern;
  const values = params as Record<string, string>;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name]));
}

const patternCache = new Map<string, RegExp>();
/**
 * A path pattern as the router reads it (`/session/:sessionId`): `:name` is one segment, a dot is
 * a dot, and a trailing slash and letter case do not matter. The one reading of the patterns, for
 * the shell's route matching (@vox/site-routes) and the server's per-route preload hints.
 */
export function pathPattern(pattern: string): RegExp {
  let re = patternCache.get(pattern);
  if (!re) {
    re = new RegExp(`^${pattern.replace(/\/$/, '').replace(/\./g, '\\.').replace(/:\w+/g, '[^/]+')}/?$`, 'i');
    patternCache.set(pattern, re);
  }
  return re;
}
