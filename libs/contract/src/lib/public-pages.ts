import Type from 'typebox';

/** GET /api/oembed: an embeddable page's URL (an episode's page or player), per the oEmbed spec. */
export const OembedQuery = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2048 }),
  /** json only; xml answers 501 as the spec asks of a provider without it; anything else is bad input. */
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('xml')])),
  maxwidth: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  maxheight: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
});

/** An oEmbed "rich" answer: an iframe of the episode's player page. */
export const Oembed = Type.Object({
  version: Type.Literal('1.0'),
  type: Type.Literal('rich'),
  provider_name: Type.String(),
  provider_url: Type.String(),
  title: Type.String(),
  author_name: Type.Optional(Type.String()),
  thumbnail_url: Type.Optional(Type.String()),
  thumbnail_width: Type.Optional(Type.Integer()),
  thumbnail_height: Type.Optional(Type.Integer()),
  html: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  cache_age: Type.Integer(),
});
export type Oembed = Type.Static<typeof Oembed>;

/** GET /api/public-pages/card.png: the generated preview card of a page path on this host. */
export const PageCardQuery = Type.Object({ path: Type.String({ pattern: '^/', maxLength: 2048 }) });
