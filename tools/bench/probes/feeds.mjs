// A channel's RSS feed full of hostile text: `]]>`, markup, entity-like text, NUL and BEL in the
// channel's title, an episode's notes and a cast member's display name (a published read's notes
// name its cast), read back by the parsers podcast apps use.
import { XMLValidator } from 'fast-xml-parser';
import { parseFeed } from 'podcast-partytime';
import Parser from 'rss-parser';
import { setUpRead } from '../live-role-change.mjs';
import { call } from '../lib/http.mjs';
import { sleep } from '../lib/stats.mjs';
import { bearer, channelOf, multipart, signUp, tone, uploadEpisode, verdict } from './kit.mjs';

const TYPED = ']]> <b>R&D</b> <![CDATA[x]]> </channel> &amp; &nbsp;';
const BEL = '\u0007\u000b\u001b\ufffe';
const hostile = (text) => `${text} ${TYPED}${BEL}`;
/** Characters no XML 1.0 document may carry, escaped or not. */
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/** A published read: the owner and a cast member (display name `castName`) each record a line, then the owner publishes it to a channel of theirs. */
async function publishRead(url, castName) {
  const read = await setUpRead(url, 1);
  const [cast] = read.members;
  const named = await call(`${url}/api/users/me`, 'PATCH', { name: castName }, bearer(cast));
  const session = (await call(`${url}/api/sessions/${read.sessionId}`, 'GET', undefined, bearer(read.owner))).json;
  const take = tone(1, 'wav');
  for (const [who, role] of [
    [read.owner, 'Romeo'],
    [cast, 'Juliet'],
  ]) {
    await call(`${url}/api/sessions/${read.sessionId}/role`, 'PUT', { role }, bearer(who));
    const line = session.script.lines.find((l) => l.role === role);
    const form = multipart({ lineId: line.id, clientId: `probe-${role}-${Date.now()}` }, { field: 'audio', name: 'take.wav', type: 'audio/wav', bytes: take });
    const up = await call(`${url}/api/sessions/${read.sessionId}/takes`, 'POST', form.body, { ...bearer(who), 'content-type': form.type });
    if (up.status !== 201) throw new Error(`take answered ${up.status} ${up.text}`);
  }
  const own = await channelOf(url, read.owner, { title: hostile('Read Night') });
  const started = await call(`${url}/api/sessions/${read.sessionId}/episode`, 'POST', { channelId: own, fill: 'skip', title: hostile('A read') }, bearer(read.owner));
  if (started.status !== 202) throw new Error(`publishing answered ${started.status} ${started.text}`);
  for (let i = 0; i < 600; i++) {
    const render = (await call(`${url}/api/read-renders/${started.json.id}`, 'GET', undefined, bearer(read.owner))).json;
    if (render.state === 'done') return { channelId: own, nameStatus: named.status, nameMessage: named.json?.message };
    if (render.state === 'failed') throw new Error(`the read did not render: ${render.error}`);
    await sleep(100);
  }
  throw new Error('the read did not render within 60 s');
}

/** The feed's answer and what each parser makes of it. */
async function readFeed(url, channelId) {
  const res = await fetch(`${url}/api/podcast/channels/${channelId}/feed.xml`);
  const xml = await res.text();
  const valid = res.status === 200 && XMLValidator.validate(xml) === true;
  const rss = await new Parser().parseString(xml).catch((err) => ({ error: err.message }));
  let party;
  try {
    party = parseFeed(xml);
  } catch (err) {
    party = { error: err.message };
  }
  return { status: res.status, xml, valid, rss, party };
}

function report(name, feed) {
  const items = feed.rss.items?.length ?? 0;
  console.log(`  ${name}: ${feed.status}, ${feed.xml.length} bytes, well-formed XML: ${feed.valid}, forbidden characters: ${FORBIDDEN.test(feed.xml) ? 'some' : 'none'}, rss-parser: ${feed.rss.error ?? `${items} item(s), title "${feed.rss.title?.slice(0, 40)}…"`}, podcast-partytime: ${feed.party?.error ?? (feed.party ? `${feed.party.items.length} item(s)` : 'no feed')}`);
  const ok = feed.status === 200 && feed.valid && !FORBIDDEN.test(feed.xml) && !feed.rss.error && items > 0 && feed.party && !feed.party.error && feed.party.items.length === items;
  verdict(ok, `${name}: 200, well-formed, and both parsers read every item`);
  return ok;
}

export const feedProbes = {
  async feeds({ url }) {
    console.log('\nRSS feeds full of hostile text (`]]>`, markup, entity-like text, BEL, VT, ESC, U+FFFE; NUL)');
    const owner = await signUp(url);
    const author = await call(`${url}/api/users/me`, 'PATCH', { name: hostile('Ann') }, bearer(owner));
    console.log(`  the owner's display name with it: ${author.status}${author.json?.message ? ` "${author.json.message}"` : ''}`);
    const nul = await call(`${url}/api/podcast/channels`, 'POST', { title: 'Ni\u0000ght', description: '', category: 'Fiction', language: 'en', explicit: false }, bearer(owner));
    console.log(`  a channel title with a NUL: ${nul.status} "${nul.json?.message}"`);
    verdict(nul.status === 400, `a NUL in a title is refused with a clear text, nothing stored (${nul.status})`);
    // No author given: the owner's display name is the feed's author.
    const channelId = await channelOf(url, owner, { title: hostile('Night'), description: hostile('Small hours'), author: undefined });
    const notes = `${hostile('Cast: Juliet')}\nSecond line <script>alert(1)</script>\n\n${hostile('Credits')}`;
    const episode = await uploadEpisode(url, owner, channelId, { title: hostile('Pilot'), notes, publish: 'now' }, tone(1, 'mp3'));
    console.log(`  an episode with it in title and notes: ${episode.status}`);
    const feed = await readFeed(url, channelId);
    report('the channel feed (title, description, author, episode title and notes)', feed);
    const asTyped = feed.rss.title?.includes(']]> <b>R&D</b>') && feed.rss.items?.[0]?.content?.includes(']]>');
    verdict(Boolean(asTyped), 'the text arrives as typed (less what XML forbids)');

    const castName = hostile('Cass');
    const read = await publishRead(url, castName);
    console.log(`  a cast member's display name with it: ${read.nameStatus}${read.nameMessage ? ` "${read.nameMessage}"` : ''}; their read published as an episode`);
    const readFeedAnswer = await readFeed(url, read.channelId);
    report("the feed of a published read whose notes name that cast member", readFeedAnswer);
    verdict(Boolean(readFeedAnswer.rss.items?.[0]?.content?.includes('Cass ]]> <b>R&D</b>')), "the cast member's name is in the read's notes as typed");
  },
};
