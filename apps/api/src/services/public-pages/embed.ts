import { createHash } from 'node:crypto';
import { escapeHtml } from './head';

/**
 * The episode player other sites embed (/embed/episode/{id}): one small HTML page with its own
 * style and script inline (no shell, no sign-in, nothing else to load but the audio), in the
 * podcast site's dark theme. Its policy allows exactly its own style and script by their hashes,
 * the audio from this origin, and framing by any site (frame-ancestors *): the one page that
 * may be framed.
 */
const STYLE = `*{box-sizing:border-box}html,body{margin:0;height:100%}body{font:15px/1.35 system-ui,-apple-system,"Segoe UI",sans-serif;background:#141018;color:#fff;display:flex;align-items:center;gap:14px;padding:14px;overflow:hidden}
img{width:96px;height:96px;border-radius:8px;object-fit:cover;flex:none;background:#2a2030}
.m{min-width:0;flex:1}.t{font-weight:700;white-space:nowrap;overflow:hidden;text-overflow:ellipsis;margin:0}.c{color:#cfc4d6;font-size:13px;margin:2px 0 10px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.c a{color:inherit}.r{display:flex;align-items:center;gap:10px}
button{flex:none;width:44px;height:44px;border-radius:50%;border:0;background:#FF01CD;color:#141018;font-size:18px;cursor:pointer}
button:focus-visible{outline:3px solid #fff;outline-offset:2px}
input{flex:1;min-width:0;accent-color:#FF01CD}time{font-variant-numeric:tabular-nums;font-size:12px;color:#cfc4d6}`;

const SCRIPT = `(function(){var a=document.getElementById('a'),b=document.getElementById('p'),r=document.getElementById('r'),t=document.getElementById('t');
function f(s){s=Math.max(0,Math.floor(s||0));return Math.floor(s/60)+':'+String(s%60).padStart(2,'0')}
function u(){var d=a.duration||Number(a.dataset.duration)||0;r.max=String(d);r.value=String(a.currentTime);t.textContent=f(a.currentTime)+' / '+f(d)}
function s(){var p=a.paused;b.textContent=p?'\\u25B6':'\\u275A\\u275A';b.setAttribute('aria-label',p?'Play':'Pause')}
a.src=a.dataset.src;
b.addEventListener('click',function(){if(a.paused){a.play().catch(function(){s()})}else{a.pause()}});
r.addEventListener('input',function(){a.currentTime=Number(r.value)});
a.addEventListener('timeupdate',u);a.addEventListener('loadedmetadata',u);a.addEventListener('play',s);a.addEventListener('pause',s);a.addEventListener('ended',s);u();s()})();`;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export const EMBED_CSP = [
  "default-src 'none'",
  `script-src ${hash(SCRIPT)}`,
  `style-src ${hash(STYLE)}`,
  "img-src 'self'",
  "media-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

interface EmbedEpisode {
  title: string;
  channelTitle: string;
  /** The episode's page on this site (opened in a new tab from the player). */
  pageUrl: string;
  audioPath: string;
  coverPath?: string;
  durationMs: number;
}

export function embedPage(e: EmbedEpisode): string {
  const title = escapeHtml(e.title);
  const cover = e.coverPath ? `<img src="${escapeHtml(e.coverPath)}" alt="">` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>${STYLE}</style></head><body>${cover}<div class="m"><p class="t">${title}</p><p class="c"><a href="${escapeHtml(e.pageUrl)}" target="_blank" rel="noopener">${escapeHtml(e.channelTitle)}</a></p><div class="r"><button id="p" type="button" aria-label="Play">&#9654;</button><input id="r" type="range" min="0" max="0" step="any" value="0" aria-label="Position"><time id="t">0:00</time></div></div><audio id="a" preload="none" data-src="${escapeHtml(e.audioPath)}" data-duration="${Math.round(e.durationMs / 1000)}"></audio><script>${SCRIPT}</script></body></html>`;
}

/** What a missing or private episode's embed shows (404), in the same small page. */
export function embedMissingPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Episode not found</title><style>${STYLE}</style></head><body><div class="m"><p class="t">This episode is not available.</p></div></body></html>`;
}
